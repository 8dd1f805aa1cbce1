/* SnippetEscape, 2010 version (SANITIZERS.md 2.2): the entity rules of the
 * 2011 one (> " ' -> &gt; &quot; &#39;, \r \n \v \f \t -> a space, '&' ->
 * "&amp;" only before '{', else "&") and just two tags, b and i. "<b>" and
 * "<i>" are copied when that tag is not open, "</b>" and "</i>" when it is
 * (closing it, in whatever order); any other '<' becomes "&lt;" and
 * scanning continues with the byte after the '<'. The five states of the
 * original (none, b, i, b then i, i then b) are kept as bool flags: b_open,
 * i_open and, when both are open, b_first. At the end the open tags are
 * closed, the later-opened first. Input goes through a small FIFO
 * lookahead (getc fills it on demand, so nothing is read early); output
 * through fputs / putc. */
#include <stdbool.h>
#include <stdio.h>

static int ahead[4];
static int n_ahead = 0;
static bool saw_eof = false;

/* The k-th byte from the current one (k = 0), or EOF. */
static int look(int k)
{
    while (n_ahead <= k) {
        int c;
        if (saw_eof)
            return EOF;
        c = getc(stdin);
        if (c == EOF) {
            saw_eof = true;
            return EOF;
        }
        ahead[n_ahead++] = c;
    }
    return ahead[k];
}

static void drop(int n)
{
    int i;
    for (i = n; i < n_ahead; i++)
        ahead[i - n] = ahead[i];
    n_ahead -= n;
}

static bool b_open = false;
static bool i_open = false;
static bool b_first = false; /* meaningful only when both are open */

/* At a '<': try "<b>", "<i>", "</b>", "</i>"; true if copied. */
static bool try_tag(void)
{
    bool closing = false;
    int k = 1;
    int name;

    if (look(k) == '/') {
        closing = true;
        k++;
    }
    name = look(k);
    if ((name != 'b' && name != 'i') || look(k + 1) != '>')
        return false;

    bool *flag = (name == 'b') ? &b_open : &i_open;
    bool *other = (name == 'b') ? &i_open : &b_open;
    if (closing) {
        if (!*flag)
            return false;
        *flag = false;
        fputs(name == 'b' ? "</b>" : "</i>", stdout);
    } else {
        if (*flag)
            return false;
        *flag = true;
        if (*other)
            b_first = (name == 'i'); /* the other one was first */
        fputs(name == 'b' ? "<b>" : "<i>", stdout);
    }
    drop(k + 2);
    return true;
}

int main(void)
{
    int c;
    for (;;) {
        c = look(0);
        if (c == EOF)
            break;
        if (c == '<') {
            if (try_tag())
                continue;
            fputs("&lt;", stdout);
        } else if (c == '&') {
            fputs(look(1) == '{' ? "&amp;" : "&", stdout);
        } else if (c == '>') {
            fputs("&gt;", stdout);
        } else if (c == '"') {
            fputs("&quot;", stdout);
        } else if (c == '\'') {
            fputs("&#39;", stdout);
        } else if (c == '\r' || c == '\n' || c == '\v' || c == '\f' ||
                   c == '\t') {
            putc(' ', stdout);
        } else {
            putc(c, stdout);
        }
        drop(1);
    }

    if (b_open && i_open)
        fputs(b_first ? "</i></b>" : "</b></i>", stdout);
    else if (b_open)
        fputs("</b>", stdout);
    else if (i_open)
        fputs("</i>", stdout);
    return 0;
}
