// JavascriptEscape over 16-bit units (SANITIZERS.md 2.1, unit variant),
// table-driven: the escapes of the ASCII units sit in a 128-entry table of
// strings (designated initialisers, hex in lower case), the two line
// separators U+2028/U+2029 are checked apart, and any other unit (0xFFFD
// included) is written back as it is. Each character of an escape is one
// output unit. Units are two bytes little-endian on both sides; read_unit
// gives -1 at the end of input (an odd last byte is dropped). write_unit
// stores the two bytes in a small output buffer flushed with fwrite when
// full and once at the end.
#include <stdio.h>

static const char *const ascii_escape[128] = {
    [0x00] = "\\x00", [0x08] = "\\b",   [0x09] = "\\t",   [0x0A] = "\\n",
    [0x0B] = "\\x0b", [0x0C] = "\\f",   [0x0D] = "\\r",   ['"'] = "\\x22",
    ['&'] = "\\x26",  ['\''] = "\\x27", ['<'] = "\\x3c",  ['='] = "\\x3d",
    ['>'] = "\\x3e",  ['\\'] = "\\\\",
};

static unsigned char out_buf[256];
static unsigned char *out_ptr = out_buf;

static void flush_output(void)
{
    fwrite(out_buf, 1, (size_t)(out_ptr - out_buf), stdout);
    out_ptr = out_buf;
}

int read_unit(void)
{
    int first = getchar();
    if (first == EOF)
        return -1;
    int second = getchar();
    if (second == EOF)
        return -1;
    return first + 256 * second;
}

void write_unit(int u)
{
    if (out_ptr + 2 > out_buf + sizeof out_buf)
        flush_output();
    *out_ptr++ = (unsigned char)(u & 0xFF);
    *out_ptr++ = (unsigned char)((u >> 8) & 0xFF);
}

static void write_ascii(const char *s)
{
    for (; *s; s++)
        write_unit(*s);
}

int main(void)
{
    for (;;) {
        int u = read_unit();
        if (u == -1)
            break;
        if (u < 128 && ascii_escape[u] != NULL)
            write_ascii(ascii_escape[u]);
        else if (u == 0x2028)
            write_ascii("\\u2028");
        else if (u == 0x2029)
            write_ascii("\\u2029");
        else
            write_unit(u);
    }
    flush_output();
    return 0;
}
