// 4-bit symbols: each symbol is written back, but after a 7 that follows
// a 3 the program writes 60 symbols in one step, more than a transducer
// step may write (the oracle reports the input that does it). After a 9
// it looks back two symbols.
#include <stdio.h>

int main(void) {
  int a = -1, b = -1;
  int c;
  while ((c = getchar()) != EOF) {
    if (c == 7 && b == 3) {
      for (int i = 0; i < 60; i++) {
        putchar(i & 15);
      }
    } else if (c == 9 && a >= 0) {
      putchar(a);
    } else {
      putchar(c);
    }
    a = b;
    b = c;
  }
  putchar(15);
  return 0;
}
