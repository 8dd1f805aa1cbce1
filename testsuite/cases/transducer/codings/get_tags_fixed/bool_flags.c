// GetTags, corrected version (SANITIZERS.md 2.2): the three states are two
// bool flags, `in_tag` (just read '<') and `have_char` (read '<' then one
// byte x that is not '<'); `prev` remembers the previous byte. '>' with
// have_char set writes '<', prev, '>'. A '<' always (re)starts a tag,
// except right after another '<' where it simply keeps in_tag set.
// Symbols are unsigned char; the loop is for (;;) with a break at EOF.
#include <stdbool.h>
#include <stdio.h>

int main(void)
{
    bool in_tag = false;
    bool have_char = false;
    unsigned char prev = 0;

    for (;;) {
        int r = getchar();
        if (r == EOF)
            break;
        unsigned char x = (unsigned char)r;
        if (have_char) {
            if (x == '>') {
                putchar('<');
                putchar(prev);
                putchar('>');
            }
            have_char = false;
            in_tag = (x == '<');
        } else if (in_tag) {
            if (x != '<') {
                in_tag = false;
                have_char = true;
            }
        } else {
            in_tag = (x == '<');
        }
        prev = x;
    }
    return 0;
}
