// Aborts on '!' in the middle of its input: it does not read to the end,
// so it is no transducer, and the abort must not hide that.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int c;
  while ((c = getchar()) != EOF) {
    if (c == '!') {
      abort();
    }
    putchar(c);
  }
  return 0;
}
