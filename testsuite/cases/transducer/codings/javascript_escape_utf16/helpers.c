/* JavascriptEscape over 16-bit units (SANITIZERS.md 2.1, the unit variant:
 * one state, 17 guard classes). Each input symbol is a UTF8CodeUnit, two
 * bytes little-endian (read_unit returns -1 at the end, and an odd last
 * byte is ignored). One helper per kind of escape, each returning early:
 * NUL " ' & < > = VT -> \xNN (lower-case hex), \ TAB CR LF BS FF -> \\ \t
 * \r \n \b \f, U+2028/U+2029 -> \u2028/\u2029, every character of an escape
 * written as one unit; any other unit (0xFFFD included) is written back
 * unchanged. */
#include <stdio.h>

int read_unit(void)
{
    int lo, hi;
    lo = getchar();
    if (lo == EOF)
        return -1;
    hi = getchar();
    if (hi == EOF)
        return -1;
    return (hi << 8) | lo;
}

void write_unit(int u)
{
    putchar(u & 0xFF);
    putchar((u >> 8) & 0xFF);
}

static void write_text(const char *s)
{
    while (*s != '\0')
        write_unit((unsigned char)*s++);
}

static int hex_escape(int u)
{
    char text[8];
    if (u != 0x00 && u != '"' && u != '\'' && u != '&' && u != '<' &&
        u != '>' && u != '=' && u != 0x0B)
        return 0;
    snprintf(text, sizeof text, "\\x%02x", (unsigned)u);
    write_text(text);
    return 1;
}

static int letter_escape(int u)
{
    static const struct { int unit; char letter; } pairs[] = {
        { '\\', '\\' }, { '\t', 't' }, { '\r', 'r' },
        { '\n', 'n' }, { '\b', 'b' }, { '\f', 'f' },
    };
    size_t i;
    for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        if (pairs[i].unit == u) {
            write_unit('\\');
            write_unit(pairs[i].letter);
            return 1;
        }
    }
    return 0;
}

static int separator_escape(int u)
{
    if (u != 0x2028 && u != 0x2029)
        return 0;
    write_text(u == 0x2028 ? "\\u2028" : "\\u2029");
    return 1;
}

int main(void)
{
    for (;;) {
        int u = read_unit();
        if (u < 0)
            break;
        if (hex_escape(u))
            continue;
        if (letter_escape(u))
            continue;
        if (separator_escape(u))
            continue;
        write_unit(u);
    }
    return 0;
}
