// CleanseCss (SANITIZERS.md 2.1): a bool predicate using isalnum for the
// letters and digits and a switch for the seven punctuation bytes that
// survive (space _ . , ! # % -). Every other byte is deleted. isalnum is
// used in the "C" locale (setlocale is never called), where no byte >= 0x80
// is alphanumeric, and it is given the unsigned byte, never a negative char.
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>

static bool keep(unsigned char c)
{
    if (isalnum(c))
        return true;
    switch (c) {
    case ' ':
    case '_':
    case '.':
    case ',':
    case '!':
    case '#':
    case '%':
    case '-':
        return true;
    default:
        return false;
    }
}

int main(void)
{
    for (;;) {
        int c = getchar();
        if (c == EOF)
            break;
        if (keep((unsigned char)c))
            putchar(c);
    }
    return 0;
}
