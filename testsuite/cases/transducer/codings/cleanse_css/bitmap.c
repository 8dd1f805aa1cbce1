/* CleanseCss (SANITIZERS.md 2.1), with a 256-bit membership bitmap (eight
 * 32-bit words, bit (c & 31) of word c >> 5), in the manner of ctemplate's
 * character sets. Kept: [A-Za-z0-9], space, _ . , ! # % - ; all other bytes,
 * bytes >= 0x80 included, are dropped.
 *   word 1 (0x20-0x3F): space ! # % , - . and 0-9  = 0x03FF702B
 *   word 2 (0x40-0x5F): A-Z and _                   = 0x87FFFFFE
 *   word 3 (0x60-0x7F): a-z                         = 0x07FFFFFE */
#include <stdio.h>
#include <stdint.h>

static const uint32_t keep_map[8] = {
    0x00000000u, 0x03FF702Bu, 0x87FFFFFEu, 0x07FFFFFEu,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
};

static int kept(unsigned char c)
{
    return (keep_map[c >> 5] >> (c & 31)) & 1u;
}

int main(void)
{
    int c;
    while ((c = getchar()) != EOF) {
        if (kept((unsigned char)c))
            putchar(c);
    }
    return 0;
}
