/* EncodeHtml (SANITIZERS.md 2.1, AntiXSS), table-driven: a bool table of
 * the bytes that pass unchanged ([a-zA-Z0-9], space, '.', ',', '-', '_'),
 * designated initialisers, indexed by the unsigned byte. Any other byte is
 * written as "&#", its value 0-255 in decimal without leading zeros (the
 * digits produced last-first into a small array), and ";". */
#include <stdbool.h>
#include <stdio.h>

static const bool passes[256] = {
    ['a'] = true, ['b'] = true, ['c'] = true, ['d'] = true, ['e'] = true,
    ['f'] = true, ['g'] = true, ['h'] = true, ['i'] = true, ['j'] = true,
    ['k'] = true, ['l'] = true, ['m'] = true, ['n'] = true, ['o'] = true,
    ['p'] = true, ['q'] = true, ['r'] = true, ['s'] = true, ['t'] = true,
    ['u'] = true, ['v'] = true, ['w'] = true, ['x'] = true, ['y'] = true,
    ['z'] = true, ['A'] = true, ['B'] = true, ['C'] = true, ['D'] = true,
    ['E'] = true, ['F'] = true, ['G'] = true, ['H'] = true, ['I'] = true,
    ['J'] = true, ['K'] = true, ['L'] = true, ['M'] = true, ['N'] = true,
    ['O'] = true, ['P'] = true, ['Q'] = true, ['R'] = true, ['S'] = true,
    ['T'] = true, ['U'] = true, ['V'] = true, ['W'] = true, ['X'] = true,
    ['Y'] = true, ['Z'] = true, ['0'] = true, ['1'] = true, ['2'] = true,
    ['3'] = true, ['4'] = true, ['5'] = true, ['6'] = true, ['7'] = true,
    ['8'] = true, ['9'] = true, [' '] = true, ['.'] = true, [','] = true,
    ['-'] = true, ['_'] = true,
};

static void put_decimal(unsigned int v)
{
    char digits[4];
    int n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0)
        putchar(digits[--n]);
}

int main(void)
{
    for (;;) {
        int c = getchar();
        if (c == EOF)
            break;
        unsigned char b = (unsigned char)c;
        if (passes[b]) {
            putchar(b);
            continue;
        }
        putchar('&');
        putchar('#');
        put_decimal(b);
        putchar(';');
    }
    return 0;
}
