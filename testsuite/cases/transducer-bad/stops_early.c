// Stops at the first newline without reading the rest of its input.
#include <stdio.h>

int main(void) {
  int c;
  while ((c = getchar()) != EOF) {
    if (c == '\n') {
      return 0;
    }
    putchar(c);
  }
  return 0;
}
