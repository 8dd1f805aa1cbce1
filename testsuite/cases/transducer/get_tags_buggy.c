// GetTags, the buggy original (SANITIZERS.md, section 2.2, as found in the
// test suite of Microsoft's Automata library): like get_tags_fixed.c except
// that a '<' in state 2 goes back to state 0 instead of 1, so "<a<a><b>"
// gives only "<b>", and c is stored only on the edge from state 1 to 2
// (where it equals the byte just read). Symbols are bytes.
#include <stdio.h>

int main(void) {
  int q = 0;
  int c = 0;
  int x;
  while ((x = getchar()) != EOF) {
    if (q == 0) {
      q = x == '<' ? 1 : 0;
    } else if (q == 1) {
      if (x == '<') {
        q = 1;
      } else {
        c = x;
        q = 2;
      }
    } else if (x == '>') {
      putchar('<');
      putchar(c);
      putchar('>');
      q = 0;
    } else {
      q = 0;
    }
  }
  return 0;
}
