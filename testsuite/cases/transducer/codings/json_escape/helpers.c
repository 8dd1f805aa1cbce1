/* JsonEscape (SANITIZERS.md 2.1), one helper per kind of escape, each
 * returning early once it has written something: a two-character backslash
 * escape for " \ / BS FF LF CR TAB, a \uXXXX escape (printf, upper-case hex)
 * for & < >, and a plain copy for everything else (VT, NUL and the other
 * control bytes included). I/O through fgetc / fputc / printf. */
#include <stdio.h>

static int short_escape(int c)
{
    char letter;
    switch (c) {
    case '"': letter = '"'; break;
    case '\\': letter = '\\'; break;
    case '/': letter = '/'; break;
    case 0x08: letter = 'b'; break;
    case 0x0C: letter = 'f'; break;
    case 0x0A: letter = 'n'; break;
    case 0x0D: letter = 'r'; break;
    case 0x09: letter = 't'; break;
    default: return 0;
    }
    fputc('\\', stdout);
    fputc(letter, stdout);
    return 1;
}

static int unicode_escape(int c)
{
    if (c != '&' && c != '<' && c != '>')
        return 0;
    printf("\\u%04X", (unsigned)c);
    return 1;
}

static void escape_one(int c)
{
    if (short_escape(c))
        return;
    if (unicode_escape(c))
        return;
    fputc(c, stdout);
}

int main(void)
{
    for (;;) {
        int c = fgetc(stdin);
        if (c == EOF)
            break;
        escape_one(c);
    }
    return 0;
}
