/* PreEscape (SANITIZERS.md 2.1), coded with a small struct array searched
 * linearly: only the five HTML-special bytes & " ' < > are replaced (by
 * &amp; &quot; &#39; &lt; &gt;); whitespace and every other byte, NUL and
 * bytes >= 0x80 included, is copied. Output through printf/putc. */
#include <stdio.h>

struct entity {
    int ch;
    const char *text;
};

static const struct entity entities[] = {
    { '&', "&amp;" },
    { '"', "&quot;" },
    { '\'', "&#39;" },
    { '<', "&lt;" },
    { '>', "&gt;" },
};

#define N_ENTITIES (sizeof entities / sizeof entities[0])

int main(void)
{
    int c;
    while ((c = getc(stdin)) != EOF) {
        size_t i;
        for (i = 0; i < N_ENTITIES; i++)
            if (entities[i].ch == c)
                break;
        if (i < N_ENTITIES)
            printf("%s", entities[i].text);
        else
            putc(c, stdout);
    }
    return 0;
}
