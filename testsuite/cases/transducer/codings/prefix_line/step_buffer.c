// PrefixLine (SANITIZERS.md 2.2), prefix fixed to ":", as a step function
// per byte and a finish at the end of input, with a bool flag "the last
// byte was a \r whose prefix is still owed" in a global. Output goes into a
// small buffer through a pointer, flushed with fwrite when full and at the
// end. The prefix after "\r" waits for the next byte: a '\n' is written
// first (so "\r\n" gets one prefix, after the \n); any other byte, or the
// end of input, gets the prefix before it.
#include <stdbool.h>
#include <stdio.h>

static char obuf[32];
static char *op = obuf;
static bool cr_pending = false;

static void out(char ch)
{
    if (op == obuf + sizeof obuf) {
        fwrite(obuf, 1, sizeof obuf, stdout);
        op = obuf;
    }
    *op++ = ch;
}

static void step(int c)
{
    if (cr_pending) {
        cr_pending = false;
        if (c == '\n') {
            out('\n');
            out(':');
            return;
        }
        out(':');
    }
    out((char)c);
    if (c == '\r')
        cr_pending = true;
    else if (c == '\n')
        out(':');
}

static void finish(void)
{
    if (cr_pending)
        out(':');
    fwrite(obuf, 1, (size_t)(op - obuf), stdout);
    op = obuf;
}

int main(void)
{
    for (;;) {
        int c = getchar();
        if (c == EOF)
            break;
        step(c);
    }
    finish();
    return 0;
}
