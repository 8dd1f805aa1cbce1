/* CleanseAttribute (SANITIZERS.md 2.2), as step(c) per byte plus finish()
 * at the end of input, the state in file-scope statics: whether a byte has
 * been seen yet and whether an '=' is being held back. An '=' that is the
 * first byte becomes '_' at once; a later '=' is held until the next byte
 * proves it was not the last (then it is written as '='), and a held '=' at
 * the end of input becomes '_'. Letters, digits and - . _ : are copied;
 * any other byte becomes '_'. */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>

static bool seen_any = false;
static bool holding_eq = false;

static bool safe_byte(int c)
{
    if (c >= 0x80)
        return false;
    return isalnum(c) || c == '-' || c == '.' || c == '_' || c == ':';
}

static void step(int c)
{
    if (holding_eq) {
        putchar('=');
        holding_eq = false;
    }
    if (c == '=') {
        if (seen_any)
            holding_eq = true;
        else
            putchar('_');
    } else {
        putchar(safe_byte(c) ? c : '_');
    }
    seen_any = true;
}

static void finish(void)
{
    if (holding_eq)
        putchar('_');
}

int main(void)
{
    int c;
    while ((c = getchar()) != EOF)
        step(c);
    finish();
    return 0;
}
