// 4-bit symbols: on 5, the symbol before it is written (nothing if 5 is
// the first); every other symbol is dropped. Lookback 1.
#include <stdio.h>

int main(void) {
  int last = -1;
  int c;
  while ((c = getchar()) != EOF) {
    if (c == 5 && last >= 0) {
      putchar(last);
    }
    last = c;
  }
  return 0;
}
