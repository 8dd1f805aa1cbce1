/* EncodeHtml (SANITIZERS.md 2.1, AntiXSS): letters, digits, space and
 * . , - _ are copied; any other byte c becomes "&#<decimal>;" written with
 * printf("&#%d;"), which gives no leading zeros. Bytes are taken as
 * unsigned 0-255 (so 0xE9 gives &#233;, NUL gives &#0;). The alphanumeric
 * test is isalnum in the "C" locale, i.e. ASCII only. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static int is_plain(int c)
{
    if (isalnum(c))
        return 1;
    return c != '\0' && strchr(" .,-_", c) != NULL;
}

int main(void)
{
    int c;
    while ((c = fgetc(stdin)) != EOF) {
        if (is_plain(c))
            fputc(c, stdout);
        else
            printf("&#%d;", c);
    }
    return 0;
}
