/* GetTags, the buggy original (SANITIZERS.md 2.2), table-driven: each byte
 * is classified as '<', '>' or other, and a 3x3 table gives the next state
 * and whether to output. States: 0 idle, 1 after '<', 2 after '<' x. The
 * bug is row 2, column '<': it goes to 0 where the corrected version goes
 * to 1. The byte x is saved only on the edge 1 -> 2. Output with fputc. */
#include <stdio.h>

enum { LT, GT, OTHER };

struct edge {
    unsigned char next;
    unsigned char emit;  /* write '<' x '>' */
    unsigned char save;  /* remember the current byte */
};

static const struct edge delta[3][3] = {
    /*            '<'        '>'        other   */
    /* 0 */ { { 1, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } },
    /* 1 */ { { 1, 0, 0 }, { 2, 0, 1 }, { 2, 0, 1 } },
    /* 2 */ { { 0, 0, 0 }, { 0, 1, 0 }, { 0, 0, 0 } },
};

static int classify(int c)
{
    return c == '<' ? LT : c == '>' ? GT : OTHER;
}

int main(void)
{
    int state = 0;
    int saved = 0;
    int c;
    while ((c = fgetc(stdin)) != EOF) {
        const struct edge *e = &delta[state][classify(c)];
        if (e->save)
            saved = c;
        if (e->emit) {
            fputc('<', stdout);
            fputc(saved, stdout);
            fputc('>', stdout);
        }
        state = e->next;
    }
    return 0;
}
