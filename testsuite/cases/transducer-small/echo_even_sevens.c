// 4-bit symbols, validate then echo: the whole input is written back when
// it holds an even number of 7s and no 15, else "15 15" is written. The
// input is kept (at most MAX symbols; a longer input is answered "15 15").
// Its automaton has three states: even, odd, and no way back.
#include <stdio.h>

#define MAX 64

int main(void) {
  int buf[MAX];
  int n = 0;
  int c, i;
  int sevens = 0;
  int bad = 0;
  while ((c = getchar()) != EOF) {
    if (n == MAX) {
      bad = 1;
    } else {
      buf[n] = c;
      n++;
    }
  }
  for (i = 0; i < n; i++) {
    if (buf[i] == 7) {
      sevens++;
    }
    if (buf[i] == 15) {
      bad = 1;
    }
  }
  if (bad || sevens % 2 != 0) {
    putchar(15);
    putchar(15);
  } else {
    for (i = 0; i < n; i++) {
      putchar(buf[i]);
    }
  }
  return 0;
}
