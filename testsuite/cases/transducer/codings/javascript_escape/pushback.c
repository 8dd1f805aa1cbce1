/* JavascriptEscape over raw bytes (SANITIZERS.md 2.1), coded as a decoder
 * reading through a two-byte pushback buffer. UTF8CodeUnit decoding with
 * shifts and masks: a lead 110xxxxx (b >> 5 == 6) opens a 2-byte unit, a
 * lead 1110xxxx (b >> 4 == 14) a 3-byte unit, any other byte (ASCII,
 * 10xxxxxx, 11110xxx, 0xF8-0xFF) is a unit by itself. Payload: lead & (0xFF
 * >> len), then (u << 6) | (cont & 0x3F). Overlong forms are accepted
 * (C0 A2 is '"'). A continuation byte that is not 10xxxxxx, or the end of
 * input, makes the unit 0xFFFD of the lead byte alone; the continuation
 * bytes already read are pushed back (at most two: the good one and the
 * bad one) and read again as units of their own. Reading stops at the
 * first byte that is not a continuation, so no byte is read that cannot
 * change the unit. Escapes: NUL " ' & < > = VT -> \xNN (lower-case hex),
 * \ TAB CR LF BS FF -> \\ \t \r \n \b \f, U+2028/U+2029 -> \u2028/\u2029;
 * every other unit, 0xFFFD included, is copied as the bytes it came from. */
#include <stdio.h>

static int pushed[2];
static int npushed = 0;
static int input_done = 0;

static int next_byte(void)
{
    int c;
    if (npushed > 0)
        return pushed[--npushed];
    if (input_done)
        return EOF;
    c = getchar();
    if (c == EOF)
        input_done = 1;
    return c;
}

static void unread_byte(int c)
{
    pushed[npushed++] = c;
}

static int escape_unit(unsigned int u)
{
    switch (u) {
    case 0x00: case 0x0B: case '"': case '\'':
    case '&': case '<': case '>': case '=':
        printf("\\x%02x", u);
        return 1;
    case '\\': fputs("\\\\", stdout); return 1;
    case '\t': fputs("\\t", stdout); return 1;
    case '\r': fputs("\\r", stdout); return 1;
    case '\n': fputs("\\n", stdout); return 1;
    case '\b': fputs("\\b", stdout); return 1;
    case '\f': fputs("\\f", stdout); return 1;
    case 0x2028: case 0x2029:
        printf("\\u%04x", u);
        return 1;
    }
    return 0;
}

int main(void)
{
    for (;;) {
        int lead = next_byte();
        if (lead == EOF)
            break;

        unsigned char raw[3];
        int len, got, i;
        unsigned int u;

        raw[0] = (unsigned char)lead;
        got = 1;
        if ((lead >> 5) == 0x6)
            len = 2;
        else if ((lead >> 4) == 0xE)
            len = 3;
        else
            len = 1;

        if (len == 1)
            u = (unsigned int)lead;
        else
            u = (unsigned int)lead & (0xFFu >> len);
        while (got < len) {
            int c = next_byte();
            if (c == EOF || (c & 0xC0) != 0x80) {
                if (c != EOF)
                    unread_byte(c);
                break;
            }
            raw[got++] = (unsigned char)c;
            u = (u << 6) | ((unsigned int)c & 0x3Fu);
        }
        if (got < len) {
            /* malformed: only the lead is consumed; give the rest back so
               that raw[1] is read next */
            for (i = got - 1; i >= 1; i--)
                unread_byte(raw[i]);
            u = 0xFFFD;
            got = 1;
        }

        if (!escape_unit(u))
            for (i = 0; i < got; i++)
                putchar(raw[i]);
    }
    return 0;
}
