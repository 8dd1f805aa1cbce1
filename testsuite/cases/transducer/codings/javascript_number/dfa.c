/* JavascriptNumber (SANITIZERS.md 2.2): echo the input if it is a valid
 * number, else write "null"; empty input gives empty output. Here validity
 * is decided on the fly by a DFA (an enum and a switch), and the bytes are
 * kept only to be echoed at the end:
 *   "true" | "false" | '0' [xX] hexdigit+ | [0-9+\-.eE]+
 * with the rule that an input starting "0x"/"0X" with more than two bytes
 * is judged by the hex form only ("0x" alone falls to the decimal form and
 * fails on the 'x'). Like the reference port, at most MAX bytes are kept:
 * a longer input answers "null" (a bound of the port, not of the spec). */
#include <stdio.h>

#define MAX 256

enum state {
    S_START, S_T, S_TR, S_TRU, S_TRUE, S_F, S_FA, S_FAL, S_FALS, S_FALSE,
    S_ZERO, S_ZERO_X, S_HEX, S_NUM, S_DEAD
};

static int hex_digit(int c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
           (c >= 'A' && c <= 'F');
}

static int num_byte(int c)
{
    return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' ||
           c == 'e' || c == 'E';
}

static enum state next(enum state s, int c)
{
    switch (s) {
    case S_START:
        if (c == 't') return S_T;
        if (c == 'f') return S_F;
        if (c == '0') return S_ZERO;
        return num_byte(c) ? S_NUM : S_DEAD;
    case S_T: return c == 'r' ? S_TR : S_DEAD;
    case S_TR: return c == 'u' ? S_TRU : S_DEAD;
    case S_TRU: return c == 'e' ? S_TRUE : S_DEAD;
    case S_F: return c == 'a' ? S_FA : S_DEAD;
    case S_FA: return c == 'l' ? S_FAL : S_DEAD;
    case S_FAL: return c == 's' ? S_FALS : S_DEAD;
    case S_FALS: return c == 'e' ? S_FALSE : S_DEAD;
    case S_ZERO:
        if (c == 'x' || c == 'X') return S_ZERO_X;
        return num_byte(c) ? S_NUM : S_DEAD;
    case S_ZERO_X:
    case S_HEX:
        return hex_digit(c) ? S_HEX : S_DEAD;
    case S_NUM:
        return num_byte(c) ? S_NUM : S_DEAD;
    default:
        return S_DEAD;
    }
}

static int accepting(enum state s)
{
    return s == S_TRUE || s == S_FALSE || s == S_ZERO || s == S_HEX ||
           s == S_NUM;
}

int main(void)
{
    unsigned char kept[MAX];
    int n = 0;
    int overflow = 0;
    enum state s = S_START;
    int c, i;

    while ((c = getchar()) != EOF) {
        if (n < MAX)
            kept[n++] = (unsigned char)c;
        else
            overflow = 1;
        s = next(s, c);
    }
    if (n == 0)
        return 0;
    if (!overflow && accepting(s)) {
        for (i = 0; i < n; i++)
            putchar(kept[i]);
    } else {
        putchar('n');
        putchar('u');
        putchar('l');
        putchar('l');
    }
    return 0;
}
