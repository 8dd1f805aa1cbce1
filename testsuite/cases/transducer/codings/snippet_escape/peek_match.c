/* SnippetEscape, 2011 version (SANITIZERS.md 2.2), coded with a lazy
 * lookahead buffer: peek(k) reads the input only as far as the k-th byte
 * ahead, and a tag is recognised by comparing the bytes after '<' with
 * each allowed tag text in turn, stopping at the first mismatch.
 *
 * Entity rules: > " ' -> &gt; &quot; &#39;; \r \n \v \f \t -> one space;
 * '&' -> "&amp;" only when the next byte is '{' (otherwise "&", and the
 * next byte is handled normally); other bytes are copied.
 * Tags (copied verbatim when accepted, case-sensitive):
 *   <b> <i> <em> <span dir=ltr> <span dir=rtl>  if that tag is not open;
 *   </b> </i> </em> </span>                     if it is open (it is then
 *                                               closed, in any order);
 *   <br> <wbr>                                  always.
 * A '<' that does not start an accepted tag becomes "&lt;" and only the
 * '<' is consumed: scanning goes on with the byte after it. No tag text is
 * a prefix of another, so at most one can match. At the end of input the
 * open tags are closed, most recently opened first. Open tags are a bit
 * set plus the order of opening. */
#include <stdio.h>
#include <string.h>

enum kind { OPENER, CLOSER, EMPTY };
enum { TAG_B, TAG_I, TAG_EM, TAG_SPAN, NO_TAG };

struct tag {
    const char *text; /* what follows the '<' */
    enum kind kind;
    int which;
};

static const struct tag tags[] = {
    { "b>", OPENER, TAG_B },
    { "i>", OPENER, TAG_I },
    { "em>", OPENER, TAG_EM },
    { "span dir=ltr>", OPENER, TAG_SPAN },
    { "span dir=rtl>", OPENER, TAG_SPAN },
    { "/b>", CLOSER, TAG_B },
    { "/i>", CLOSER, TAG_I },
    { "/em>", CLOSER, TAG_EM },
    { "/span>", CLOSER, TAG_SPAN },
    { "br>", EMPTY, NO_TAG },
    { "wbr>", EMPTY, NO_TAG },
};
#define N_TAGS (sizeof tags / sizeof tags[0])

static const char *const close_text[4] = { "</b>", "</i>", "</em>", "</span>" };

/* lookahead: la[0] is the current byte; EOF is stored once seen */
static int la[16];
static int la_len = 0;

static int peek(int k)
{
    while (la_len <= k) {
        if (la_len > 0 && la[la_len - 1] == EOF)
            return EOF;
        la[la_len++] = getchar();
    }
    return la[k];
}

static void consume(int n)
{
    memmove(la, la + n, (size_t)(la_len - n) * sizeof la[0]);
    la_len -= n;
}

static unsigned open_set = 0;
static int open_order[4];
static int n_open = 0;

/* Does the input after the '<' at la[0] spell `text`? */
static int spells(const char *text)
{
    int k;
    for (k = 0; text[k] != '\0'; k++)
        if (peek(k + 1) != (unsigned char)text[k])
            return 0;
    return 1;
}

/* Accept the tag (updating the open tags) or refuse it. */
static int accept(const struct tag *t)
{
    int i, j;
    unsigned bit = 1u << t->which;
    switch (t->kind) {
    case EMPTY:
        return 1;
    case OPENER:
        if (open_set & bit)
            return 0;
        open_set |= bit;
        open_order[n_open++] = t->which;
        return 1;
    case CLOSER:
        if (!(open_set & bit))
            return 0;
        open_set &= ~bit;
        for (i = 0; i < n_open; i++)
            if (open_order[i] == t->which)
                break;
        for (j = i + 1; j < n_open; j++)
            open_order[j - 1] = open_order[j];
        n_open--;
        return 1;
    }
    return 0;
}

static void less_than(void)
{
    size_t i;
    for (i = 0; i < N_TAGS; i++) {
        if (spells(tags[i].text)) {
            if (accept(&tags[i])) {
                size_t len = strlen(tags[i].text);
                printf("<%s", tags[i].text);
                consume(1 + (int)len);
                return;
            }
            break;
        }
    }
    printf("&lt;");
    consume(1);
}

int main(void)
{
    int c, i;
    while ((c = peek(0)) != EOF) {
        switch (c) {
        case '<':
            less_than();
            continue;
        case '&':
            printf(peek(1) == '{' ? "&amp;" : "&");
            break;
        case '>':
            printf("&gt;");
            break;
        case '"':
            printf("&quot;");
            break;
        case '\'':
            printf("&#39;");
            break;
        case '\r': case '\n': case '\v': case '\f': case '\t':
            putchar(' ');
            break;
        default:
            putchar(c);
        }
        consume(1);
    }
    for (i = n_open - 1; i >= 0; i--)
        printf("%s", close_text[open_order[i]]);
    return 0;
}
