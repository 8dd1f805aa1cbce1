/* GetTags, corrected version (SANITIZERS.md 2.2, BEK paper), written as a
 * step function called once per input byte with its state in static
 * globals: the automaton state (idle / after '<' / after '<' x) and the
 * previous byte, which is updated after every byte. On '>' after '<' x
 * (x not '<') it writes "<x>". A '<' in the third state starts a new tag
 * (that is the correction), so "<a<a><b>" gives "<a><b>". Nothing is
 * pending at the end of input, so there is no final step. */
#include <stdio.h>

enum tag_state { IDLE, OPENED, GOT_CHAR };

static enum tag_state state = IDLE;
static int last = 0;

static void step(int x)
{
    switch (state) {
    case IDLE:
        if (x == '<')
            state = OPENED;
        break;
    case OPENED:
        if (x != '<')
            state = GOT_CHAR;
        break;
    case GOT_CHAR:
        if (x == '>') {
            putchar('<');
            putchar(last);
            putchar('>');
            state = IDLE;
        } else if (x == '<') {
            state = OPENED;
        } else {
            state = IDLE;
        }
        break;
    }
    last = x;
}

int main(void)
{
    int x;
    while ((x = getchar()) != EOF)
        step(x);
    return 0;
}
