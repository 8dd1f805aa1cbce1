/* XmlEscape, 2011 version (SANITIZERS.md 2.1), coded as an escape helper
 * `esc` with a switch that returns string literals (NULL = copy the byte)
 * and an emit loop. The control bytes 0x00-0x1F except \t \n \r become one
 * space; & " ' < > become &amp; &quot; &#39; &lt; &gt;; \t \n \r, DEL and
 * bytes >= 0x80 are copied. */
#include <stdio.h>

static const char *esc(int c)
{
    switch (c) {
    case '&':
        return "&amp;";
    case '"':
        return "&quot;";
    case '\'':
        return "&#39;";
    case '<':
        return "&lt;";
    case '>':
        return "&gt;";
    case '\t':
    case '\n':
    case '\r':
        return NULL;
    default:
        if (c >= 0 && c < 0x20)
            return " ";
        return NULL;
    }
}

static void emit(const char *s)
{
    for (; *s != '\0'; s++)
        putchar(*s);
}

int main(void)
{
    int c;
    while ((c = getchar()) != EOF) {
        const char *e = esc(c);
        if (e)
            emit(e);
        else
            putchar(c);
    }
    return 0;
}
