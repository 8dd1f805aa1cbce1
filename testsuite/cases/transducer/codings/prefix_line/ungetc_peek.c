/* PrefixLine (SANITIZERS.md 2.2) with the prefix fixed to ":" as in the
 * original tests. The input is copied and the prefix is written after every
 * line terminator: "\n", "\r\n" (one terminator, prefix after the \n) or a
 * lone "\r". After a '\r' the next byte is peeked with getc and, unless it
 * is '\n', given back with ungetc (one byte of pushback is all the C
 * library guarantees, and all that is needed). "\n\r" is two terminators. */
#include <stdio.h>

#define PREFIX ":"

int main(void)
{
    int c;
    while ((c = getc(stdin)) != EOF) {
        putc(c, stdout);
        if (c == '\r') {
            int d = getc(stdin);
            if (d == '\n')
                putc('\n', stdout);
            else if (d != EOF)
                ungetc(d, stdin);
            fputs(PREFIX, stdout);
        } else if (c == '\n') {
            fputs(PREFIX, stdout);
        }
    }
    return 0;
}
