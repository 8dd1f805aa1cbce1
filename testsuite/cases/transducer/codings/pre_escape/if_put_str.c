// PreEscape (SANITIZERS.md 2.1): an if/else chain choosing a replacement
// string (NULL when the byte is copied) and a put_str loop writing it with
// putchar. Symbols are unsigned char; whitespace is NOT touched here (that
// is the difference from HtmlEscape), only & " ' < > become entities.
#include <stdio.h>

static void put_str(const char *s)
{
    while (*s)
        putchar(*s++);
}

int main(void)
{
    for (;;) {
        int r = getchar();
        if (r == EOF)
            break;
        unsigned char ch = (unsigned char)r;
        const char *rep = NULL;
        if (ch == '&')
            rep = "&amp;";
        else if (ch == '"')
            rep = "&quot;";
        else if (ch == '\'')
            rep = "&#39;";
        else if (ch == '<')
            rep = "&lt;";
        else if (ch == '>')
            rep = "&gt;";
        if (rep)
            put_str(rep);
        else
            putchar(ch);
    }
    return 0;
}
