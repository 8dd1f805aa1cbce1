/* UrlQueryEscape (SANITIZERS.md 2.1), using the very bitmap of the original
 * library: {0, 0x03fff702, 0x87fffffe, 0x47fffffe, 0, 0, 0, 0}, bit c & 31
 * of word c >> 5 set for the safe bytes [0-9a-zA-Z] . , _ * / ~ ! ( ) - .
 * Safe bytes are copied, space becomes '+', any other byte (as unsigned)
 * becomes %XX with upper-case hex, written with printf. */
#include <stdio.h>

static const unsigned int safe_bits[8] = {
    0x00000000u, 0x03fff702u, 0x87fffffeu, 0x47fffffeu,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
};

int main(void)
{
    int c;
    while ((c = fgetc(stdin)) != EOF) {
        unsigned int u = (unsigned int)c & 0xFFu;
        if (safe_bits[u >> 5] & (1u << (u & 31u)))
            fputc((int)u, stdout);
        else if (u == ' ')
            fputc('+', stdout);
        else
            printf("%%%02X", u);
    }
    return 0;
}
