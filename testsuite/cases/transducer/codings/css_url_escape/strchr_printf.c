/* CssUrlEscape (SANITIZERS.md 2.1): membership of the ten special bytes is
 * tested with strchr on a string of them, and the escape is produced by
 * printf("%%%02X"). Subtle: strchr also "finds" the terminating NUL, so a
 * NUL input byte must be excluded before the lookup (NUL is copied). */
#include <stdio.h>
#include <string.h>

static const char specials[] = "\n\r\"'()*<>\\";

int main(void)
{
    for (;;) {
        int c = getc(stdin);
        if (c < 0)
            break;
        if (c != '\0' && strchr(specials, c) != NULL)
            printf("%%%02X", (unsigned)c);
        else
            putc(c, stdout);
    }
    return 0;
}
