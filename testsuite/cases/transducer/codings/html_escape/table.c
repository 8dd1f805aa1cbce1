/* HtmlEscape (SANITIZERS.md 2.1), table-driven coding: a 256-entry table of
 * replacement strings indexed by the unsigned byte, filled with designated
 * initialisers. A NULL entry means "copy the byte". The five whitespace
 * controls \t \n \v \f \r each become a single space; NUL and bytes >= 0x80
 * have no entry and are copied. */
#include <stdio.h>

static const char *const replacement[256] = {
    ['&'] = "&amp;",
    ['"'] = "&quot;",
    ['\''] = "&#39;",
    ['<'] = "&lt;",
    ['>'] = "&gt;",
    ['\t'] = " ",
    ['\n'] = " ",
    ['\v'] = " ",
    ['\f'] = " ",
    ['\r'] = " ",
};

int main(void)
{
    for (;;) {
        int c = fgetc(stdin);
        if (c < 0)
            break;
        const char *r = replacement[(unsigned char)c];
        if (r != NULL)
            fputs(r, stdout);
        else
            fputc(c, stdout);
    }
    return 0;
}
