/* GetTags, the buggy original (SANITIZERS.md 2.2, Microsoft Automata test
 * suite), with all state in globals and a step per byte. Differences from
 * the corrected machine: in the third state a '<' goes back to the idle
 * state (not to "after '<'"), so "<a<a><b>" gives only "<b>"; and the
 * remembered byte is stored only when the second state is left, i.e. it
 * is the byte that followed the '<'. */
#include <stdio.h>

#define ST_IDLE 0
#define ST_LT 1
#define ST_CHAR 2

int g_state = ST_IDLE;
int g_saved = 0;

static void step(int x)
{
    if (g_state == ST_IDLE) {
        if (x == '<')
            g_state = ST_LT;
        return;
    }
    if (g_state == ST_LT) {
        if (x != '<') {
            g_saved = x;
            g_state = ST_CHAR;
        }
        return;
    }
    /* ST_CHAR */
    if (x == '>') {
        putchar('<');
        putchar(g_saved);
        putchar('>');
    }
    g_state = ST_IDLE;
}

int main(void)
{
    int x;
    while ((x = getchar()) != EOF)
        step(x);
    return 0;
}
