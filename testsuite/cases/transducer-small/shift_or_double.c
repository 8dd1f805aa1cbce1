// 4-bit symbols: a symbol below 8 becomes the next one; any other is
// written twice. One state, no lookback.
#include <stdio.h>

int main(void) {
  int c;
  while ((c = getchar()) != EOF) {
    if (c < 8) {
      putchar(c + 1);
    } else {
      putchar(c);
      putchar(c);
    }
  }
  return 0;
}
