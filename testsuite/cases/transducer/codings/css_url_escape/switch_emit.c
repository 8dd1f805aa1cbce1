/* CssUrlEscape (SANITIZERS.md 2.1), coded as a switch helper returning the
 * percent escape as a string literal (NULL = copy) and an emit loop.
 * Exactly ten bytes are escaped, hex digits in upper case: LF CR " ' ( ) *
 * < > \ ; everything else (other controls, NUL, bytes >= 0x80) is copied. */
#include <stdio.h>

static const char *esc(int c)
{
    switch (c) {
    case '\n': return "%0A";
    case '\r': return "%0D";
    case '"': return "%22";
    case '\'': return "%27";
    case '(': return "%28";
    case ')': return "%29";
    case '*': return "%2A";
    case '<': return "%3C";
    case '>': return "%3E";
    case '\\': return "%5C";
    }
    return NULL;
}

static void emit(const char *s)
{
    while (*s)
        putchar(*s++);
}

int main(void)
{
    int c;
    while ((c = getchar()) != EOF) {
        const char *e = esc(c);
        if (e == NULL)
            putchar(c);
        else
            emit(e);
    }
    return 0;
}
