// 4-bit symbols: the input written back in reverse at its end (at most
// MAX symbols are kept). Neither a transducer of finitely many states nor
// validate-then-echo: on one symbol it echoes, on two it writes neither
// the input nor one fixed string.
#include <stdio.h>

#define MAX 64

int main(void) {
  int buf[MAX];
  int n = 0;
  int c;
  while ((c = getchar()) != EOF) {
    if (n < MAX) {
      buf[n] = c;
      n++;
    }
  }
  while (n > 0) {
    n--;
    putchar(buf[n]);
  }
  return 0;
}
