// UrlQueryEscape (SANITIZERS.md 2.1) with a small output buffer filled
// through a pointer and flushed with fwrite when nearly full and at the
// end. Safe bytes ([0-9a-zA-Z] and . , _ * / ~ ! ( ) -) are copied, space
// becomes '+', and any other byte b becomes '%' and two upper-case hex
// digits taken from a digit string by b >> 4 and b & 15.
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char hex_digits[] = "0123456789ABCDEF";
static const char safe_punct[] = ".,_*/~!()-";

static int is_safe(unsigned char b)
{
    if (isalnum(b))
        return 1;
    return b != 0 && strchr(safe_punct, b) != NULL;
}

int main(void)
{
    char buf[128];
    char *p = buf;
    int c;

    while ((c = getchar()) != EOF) {
        unsigned char b = (unsigned char)c;
        if (p > buf + sizeof buf - 3) {
            fwrite(buf, 1, (size_t)(p - buf), stdout);
            p = buf;
        }
        if (is_safe(b)) {
            *p++ = (char)b;
        } else if (b == ' ') {
            *p++ = '+';
        } else {
            *p++ = '%';
            *p++ = hex_digits[b >> 4];
            *p++ = hex_digits[b & 15];
        }
    }
    fwrite(buf, 1, (size_t)(p - buf), stdout);
    return 0;
}
