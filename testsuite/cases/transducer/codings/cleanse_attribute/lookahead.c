// CleanseAttribute (SANITIZERS.md 2.2) with one byte of lookahead: the
// byte at index i is decided only once byte i+1 (or the end of input) has
// been read, so "is it the last byte?" is simply "is the next one EOF?".
// '=' is copied when 0 < i < n-1 and becomes '_' when it is the first or
// the last byte (a lone "=" is both); [A-Za-z0-9] - . _ : are copied; any
// other byte becomes '_'. unsigned char symbols.
#include <stdio.h>

static int plain(unsigned char b)
{
    if (b >= 'a' && b <= 'z')
        return 1;
    if (b >= 'A' && b <= 'Z')
        return 1;
    if (b >= '0' && b <= '9')
        return 1;
    return b == '-' || b == '.' || b == '_' || b == ':';
}

int main(void)
{
    int first = 1;
    int cur = getchar();
    while (cur != EOF) {
        int next = getchar();
        unsigned char b = (unsigned char)cur;
        if (b == '=') {
            putchar(first || next == EOF ? '_' : '=');
        } else if (plain(b)) {
            putchar(b);
        } else {
            putchar('_');
        }
        first = 0;
        cur = next;
    }
    return 0;
}
