// GetTags, the corrected version (SANITIZERS.md, section 2.2, from the BEK
// paper): for every occurrence of < x > with x not '<', output <x>. Three
// states q and the previous byte c, updated after every byte (1-lookback).
// Symbols are bytes: the section speaks of characters and its tests are
// ASCII, so the 16 data bits of Table 1 are read as q plus c, not as
// 16-bit input units.
#include <stdio.h>

int main(void) {
  int q = 0;
  int c = 0;
  int x;
  while ((x = getchar()) != EOF) {
    if (q == 0) {
      q = x == '<' ? 1 : 0;
    } else if (q == 1) {
      q = x == '<' ? 1 : 2;
    } else if (x == '>') {
      putchar('<');
      putchar(c);
      putchar('>');
      q = 0;
    } else if (x == '<') {
      q = 1;
    } else {
      q = 0;
    }
    c = x;
  }
  return 0;
}
