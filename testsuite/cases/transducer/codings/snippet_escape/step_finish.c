// SnippetEscape, 2011 version (SANITIZERS.md 2.2), as a streaming step(c)
// per input byte and a finish() at the end, all state in file-scope
// statics: the bytes held since a '<' or '&' whose fate is not known yet,
// and the open tags in order of opening.
//
// Rules: > " ' -> &gt; &quot; &#39;; \r \n \v \f \t -> a space; '&' ->
// "&amp;" if the next byte is '{', else "&" (that next byte is then handled
// as usual); '<' followed by an allowed tag that is accepted -> the tag,
// copied (<b> <i> <em> <span dir=ltr> <span dir=rtl> if not open yet,
// </b> </i> </em> </span> if open, which closes it whatever the nesting,
// <br> <wbr> always); any other '<' -> "&lt;", and scanning resumes right
// after that '<'. At the end, the open tags are closed newest first.
//
// Why no byte ever has to be fed back through step(): the held bytes after
// a '<' are a prefix of some tag text, and tag texts contain neither '<'
// nor '&'. When the hold fails, the '<' becomes "&lt;", the held bytes get
// the plain per-byte rules (they cannot start anything), and the byte that
// broke the match is then handled from scratch.
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define MAX_HOLD 16

static const char *const tag_text[] = {
    "b>", "i>", "em>", "span dir=ltr>", "span dir=rtl>",
    "/b>", "/i>", "/em>", "/span>",
    "br>", "wbr>",
};
#define N_TAG_TEXTS ((int)(sizeof tag_text / sizeof tag_text[0]))
// The tag each text opens (0-4) or closes (5-8); -1 for <br> and <wbr>.
static const int tag_of[N_TAG_TEXTS] = { 0, 1, 2, 3, 3, 0, 1, 2, 3, -1, -1 };
static const char *const closing_tag[4] = { "</b>", "</i>", "</em>", "</span>" };

static char hold[MAX_HOLD]; // hold[0] is '<' or '&'; not NUL-terminated
static int n_hold = 0;
static int opened[4];
static int n_opened = 0;

static void put_str(const char *s)
{
    while (*s != '\0')
        putchar(*s++);
}

// A byte that is neither '<' nor '&'.
static void plain(int c)
{
    switch (c) {
    case '>': put_str("&gt;"); return;
    case '"': put_str("&quot;"); return;
    case '\'': put_str("&#39;"); return;
    case '\r': case '\n': case '\v': case '\f': case '\t':
        putchar(' ');
        return;
    }
    putchar(c);
}

static int find_open(int tag)
{
    for (int i = 0; i < n_opened; i++)
        if (opened[i] == tag)
            return i;
    return -1;
}

// Apply tag text t: true if accepted (the open tags are then updated).
static bool take_tag(int t)
{
    int tag = tag_of[t];
    if (tag < 0)
        return true;
    int at = find_open(tag);
    if (t <= 4) { // an opener
        if (at >= 0)
            return false;
        opened[n_opened++] = tag;
        return true;
    }
    if (at < 0)
        return false;
    for (int j = at + 1; j < n_opened; j++)
        opened[j - 1] = opened[j];
    n_opened--;
    return true;
}

// The held '<' (and the n_hold - 1 bytes after it) is not a tag.
static void refuse_hold(void)
{
    put_str("&lt;");
    for (int i = 1; i < n_hold; i++)
        plain((unsigned char)hold[i]);
    n_hold = 0;
}

static void start(int c)
{
    if (c == '<' || c == '&') {
        hold[0] = (char)c;
        n_hold = 1;
    } else {
        plain(c);
    }
}

static void step(int c)
{
    if (n_hold > 0 && hold[0] == '&') {
        put_str(c == '{' ? "&amp;" : "&");
        n_hold = 0;
        start(c);
        return;
    }
    if (n_hold == 0) {
        start(c);
        return;
    }
    // hold[0] == '<': does "hold[1..] c" still lead to a tag text?
    int len = n_hold; // length of the text after '<' including c
    bool prefix = false;
    for (int t = 0; t < N_TAG_TEXTS; t++) {
        const char *s = tag_text[t];
        if ((int)strlen(s) < len || memcmp(s, hold + 1, (size_t)(len - 1)) != 0 ||
            (unsigned char)s[len - 1] != c)
            continue;
        if (s[len] != '\0') {
            prefix = true;
            break;
        }
        // the whole tag text has arrived
        hold[n_hold++] = (char)c;
        if (take_tag(t)) {
            for (int i = 0; i < n_hold; i++)
                putchar(hold[i]);
            n_hold = 0;
        } else {
            refuse_hold();
        }
        return;
    }
    if (prefix) {
        hold[n_hold++] = (char)c;
        return;
    }
    refuse_hold();
    start(c);
}

static void finish(void)
{
    if (n_hold > 0) {
        if (hold[0] == '&')
            put_str("&");
        else
            refuse_hold();
        n_hold = 0;
    }
    while (n_opened > 0)
        put_str(closing_tag[opened[--n_opened]]);
}

int main(void)
{
    int c;
    while ((c = getchar()) != EOF)
        step(c);
    finish();
    return 0;
}
