/* JsonEscape (SANITIZERS.md 2.1), table-driven: a 256-entry table of escape
 * strings filled with designated initialisers, indexed by the unsigned
 * byte; an empty slot (NULL) means the byte is copied. Note what is NOT in
 * the table: VT (0x0B), NUL and the other control bytes are copied, and the
 * \u escapes use upper-case hex (\u003C, \u003E). */
#include <stdio.h>

static const char *const json_esc[256] = {
    ['"'] = "\\\"",
    ['\\'] = "\\\\",
    ['/'] = "\\/",
    ['\b'] = "\\b",
    ['\f'] = "\\f",
    ['\n'] = "\\n",
    ['\r'] = "\\r",
    ['\t'] = "\\t",
    ['&'] = "\\u0026",
    ['<'] = "\\u003C",
    ['>'] = "\\u003E",
};

static void put_str(const char *s)
{
    while (*s != '\0') {
        putchar(*s);
        s++;
    }
}

int main(void)
{
    int c;
    while ((c = getchar()) != EOF) {
        const char *e = json_esc[(unsigned char)c];
        if (e != NULL)
            put_str(e);
        else
            putchar(c);
    }
    return 0;
}
