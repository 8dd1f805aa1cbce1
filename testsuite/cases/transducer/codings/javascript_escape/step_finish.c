// JavascriptEscape over raw bytes (SANITIZERS.md 2.1), as a byte-at-a-time
// step(c) with the pending multi-byte sequence in file-scope statics and a
// finish() at the end of input. The sequence length comes from a table
// indexed by the high nibble of the lead byte (0xC_/0xD_ -> 2, 0xE_ -> 3,
// anything else -> 1: no 4-byte sequences). Escapes come from esc(), a
// switch returning string literals (hex in lower case).
//
// When a pending sequence is cut short (a byte that is not 10xxxxxx, or the
// end of input), the lead byte is the unit 0xFFFD, which is copied as that
// byte, and each continuation byte already received is a one-byte unit in
// 0x80-0xBF, which no rule escapes, so it is copied too: the whole pending
// run is written as it is, and the new byte starts afresh. So output is
// delayed only while the next byte can still complete the unit.
#include <stdio.h>

static const unsigned char seq_len[16] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 1
};

static unsigned char pend[3];
static int npend = 0;
static int want = 0;
static unsigned int acc = 0;

static const char *esc(unsigned int u)
{
    switch (u) {
    case 0x00: return "\\x00";
    case 0x08: return "\\b";
    case 0x09: return "\\t";
    case 0x0A: return "\\n";
    case 0x0B: return "\\x0b";
    case 0x0C: return "\\f";
    case 0x0D: return "\\r";
    case 0x22: return "\\x22";
    case 0x26: return "\\x26";
    case 0x27: return "\\x27";
    case 0x3C: return "\\x3c";
    case 0x3D: return "\\x3d";
    case 0x3E: return "\\x3e";
    case 0x5C: return "\\\\";
    case 0x2028: return "\\u2028";
    case 0x2029: return "\\u2029";
    default: return NULL;
    }
}

static void put_bytes(const unsigned char *b, int n)
{
    int i;
    for (i = 0; i < n; i++)
        putchar(b[i]);
}

static void put_unit(unsigned int u, const unsigned char *bytes, int n)
{
    const char *e = esc(u);
    if (e == NULL) {
        put_bytes(bytes, n);
        return;
    }
    while (*e)
        putchar(*e++);
}

static void flush_pending(void)
{
    put_bytes(pend, npend);
    npend = 0;
}

static void step(int c)
{
    unsigned char b = (unsigned char)c;
    if (npend > 0) {
        if ((b & 0xC0) == 0x80) {
            pend[npend++] = b;
            acc = (acc << 6) | (b & 0x3Fu);
            if (npend == want) {
                put_unit(acc, pend, npend);
                npend = 0;
            }
            return;
        }
        flush_pending();
    }
    want = seq_len[b >> 4];
    if (want == 1) {
        put_unit(b, &b, 1);
        return;
    }
    pend[0] = b;
    npend = 1;
    acc = b & (0xFFu >> want);
}

static void finish(void)
{
    flush_pending();
}

int main(void)
{
    int c;
    while ((c = getchar()) != EOF)
        step(c);
    finish();
    return 0;
}
