/* XmlEscape, 2011 version (SANITIZERS.md 2.1), table-driven: one string per
 * byte value, designated initialisers, NULL meaning "copy". Every control
 * byte 0x00-0x1F has an entry (one space) except \t (0x09), \n (0x0A) and
 * \r (0x0D), which are copied like DEL and the bytes >= 0x80. Output through
 * fputs / putc. */
#include <stdio.h>

static const char *const xml_table[256] = {
    [0x00] = " ",
    [0x01] = " ",
    [0x02] = " ",
    [0x03] = " ",
    [0x04] = " ",
    [0x05] = " ",
    [0x06] = " ",
    [0x07] = " ",
    [0x08] = " ",
    [0x0B] = " ",
    [0x0C] = " ",
    [0x0E] = " ",
    [0x0F] = " ",
    [0x10] = " ",
    [0x11] = " ",
    [0x12] = " ",
    [0x13] = " ",
    [0x14] = " ",
    [0x15] = " ",
    [0x16] = " ",
    [0x17] = " ",
    [0x18] = " ",
    [0x19] = " ",
    [0x1A] = " ",
    [0x1B] = " ",
    [0x1C] = " ",
    [0x1D] = " ",
    [0x1E] = " ",
    [0x1F] = " ",
    ['&'] = "&amp;",
    ['"'] = "&quot;",
    ['\''] = "&#39;",
    ['<'] = "&lt;",
    ['>'] = "&gt;",
};

int main(void)
{
    int c;
    while ((c = getc(stdin)) != EOF) {
        const char *s = xml_table[c & 0xFF];
        if (s == NULL)
            putc(c, stdout);
        else
            fputs(s, stdout);
    }
    return 0;
}
