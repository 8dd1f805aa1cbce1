// JavascriptNumber (SANITIZERS.md 2.2) with bool flags updated per byte:
// every byte in [0-9+-.eE]? first byte '0'? second byte x or X? every byte
// from the third on a hex digit? At the end: empty input -> nothing;
// exactly "true" or "false" -> echo; "0x"/"0X" followed by at least one
// byte -> echo iff that tail is all hex digits; otherwise echo iff every
// byte was a number byte; anything not echoed gives "null". The bytes are
// kept for the echo; like the reference port at most LIMIT of them, and a
// longer input gives "null". Output with fwrite / fputs.
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define LIMIT 256

int main(void)
{
    char text[LIMIT];
    size_t len = 0;
    bool too_long = false;
    bool all_number = true;
    bool starts_zero = false;
    bool then_x = false;
    bool tail_hex = true;
    size_t pos = 0;
    int c;

    for (;;) {
        c = fgetc(stdin);
        if (c == EOF)
            break;
        if (len < LIMIT)
            text[len++] = (char)c;
        else
            too_long = true;

        /* strchr would also find the terminating NUL: exclude c == 0 */
        bool number_byte = (c >= '0' && c <= '9') ||
                           (c != '\0' && strchr("+-.eE", c) != NULL);
        if (!number_byte)
            all_number = false;
        if (pos == 0)
            starts_zero = (c == '0');
        else if (pos == 1)
            then_x = (c == 'x' || c == 'X');
        else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
                   (c >= 'A' && c <= 'F')))
            tail_hex = false;
        pos++;
    }

    if (len == 0)
        return 0;

    bool ok;
    if (too_long)
        ok = false;
    else if ((len == 4 && memcmp(text, "true", 4) == 0) ||
             (len == 5 && memcmp(text, "false", 5) == 0))
        ok = true;
    else if (len > 2 && starts_zero && then_x)
        ok = tail_hex;
    else
        ok = all_number;

    if (ok)
        fwrite(text, 1, len, stdout);
    else
        fputs("null", stdout);
    return 0;
}
