/* JavascriptEscape over raw bytes (SANITIZERS.md 2.1): UTF8CodeUnit
 * decoding with bit masks ((b & 0xE0) == 0xC0 leads 2 bytes, (b & 0xF0) ==
 * 0xE0 leads 3, anything else, 0x80-0xBF and 0xF0-0xFF included, is one
 * unit; payload bits lead & 0x1F or lead & 0x0F, then (u << 6) | (b & 0x3F)
 * per continuation byte; overlong forms accepted, so C0 A2 is '"'), the
 * escapes of the units below 0x60 in a table with designated initialisers,
 * and the C library's one byte of pushback (ungetc).
 *
 * A sequence is broken when a continuation byte is not 10xxxxxx or the
 * input ends: the unit is then 0xFFFD of the lead byte alone, and the
 * bytes after the lead are read again. Of those, at most one good
 * continuation byte (a unit 0x80-0xBF of its own, which no rule escapes)
 * can have been read: it is copied at once, so only the byte that broke
 * the sequence has to go back to stdin with ungetc. 0xFFFD units, like all
 * units without an escape, are copied as the bytes they came from. */
#include <stdbool.h>
#include <stdio.h>

static const char *const low_escape[0x60] = {
    [0x00] = "\\x00", [0x08] = "\\b",   [0x09] = "\\t",  [0x0A] = "\\n",
    [0x0B] = "\\x0b", [0x0C] = "\\f",   [0x0D] = "\\r",  [0x22] = "\\x22",
    [0x26] = "\\x26", [0x27] = "\\x27", [0x3C] = "\\x3c", [0x3D] = "\\x3d",
    [0x3E] = "\\x3e", [0x5C] = "\\\\",
};

static void put_text(const char *s)
{
    while (*s)
        putchar(*s++);
}

static void put_raw(const unsigned char *b, int n)
{
    for (int i = 0; i < n; i++)
        putchar(b[i]);
}

int main(void)
{
    int c;
    while ((c = getchar()) != EOF) {
        unsigned char seq[3];
        int n = 1;
        int more;
        unsigned int u;
        bool broken = false;

        seq[0] = (unsigned char)c;
        if ((c & 0xE0) == 0xC0) {
            more = 1;
            u = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            more = 2;
            u = c & 0x0F;
        } else {
            more = 0;
            u = (unsigned int)c;
        }

        while (more > 0) {
            int d = getchar();
            if (d == EOF) {
                broken = true;
                break;
            }
            if ((d & 0xC0) != 0x80) {
                ungetc(d, stdin);
                broken = true;
                break;
            }
            seq[n++] = (unsigned char)d;
            u = (u << 6) | (unsigned int)(d & 0x3F);
            more--;
        }

        if (broken) {
            put_raw(seq, n); /* the lead (0xFFFD), then a lone 10xxxxxx */
            continue;
        }
        if (u < 0x60 && low_escape[u] != NULL)
            put_text(low_escape[u]);
        else if (u == 0x2028)
            put_text("\\u2028");
        else if (u == 0x2029)
            put_text("\\u2029");
        else
            put_raw(seq, n);
    }
    return 0;
}
