// 4-bit symbols: 0 toggles a mode; in the mode every other symbol is
// copied, outside it nothing is written; at the end, 15 if the mode is on.
// Two states.
#include <stdio.h>

int main(void) {
  int on = 0;
  int c;
  while ((c = getchar()) != EOF) {
    if (c == 0) {
      on = !on;
    } else if (on) {
      putchar(c);
    }
  }
  if (on) {
    putchar(15);
  }
  return 0;
}
