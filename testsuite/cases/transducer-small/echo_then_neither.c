// 4-bit symbols, validate then echo on short inputs only: the input is
// written back when it holds no 15, else "14 14" — but an input of three or
// more symbols that starts with 0 gets "1", neither the input nor "14 14".
// Concrete runs on words of at most two symbols cannot tell it from the
// validate-then-echo shape; the automaton learned under the echo view can.
#include <stdio.h>

#define MAX 64

int main(void) {
  int buf[MAX];
  int n = 0;
  int c, i;
  int bad = 0;
  while ((c = getchar()) != EOF) {
    if (n < MAX) {
      buf[n] = c;
      n++;
    }
    if (c == 15) {
      bad = 1;
    }
  }
  if (n >= 3 && buf[0] == 0) {
    putchar(1);
  } else if (bad) {
    putchar(14);
    putchar(14);
  } else {
    for (i = 0; i < n; i++) {
      putchar(buf[i]);
    }
  }
  return 0;
}
