// Never reads: there is nothing to learn.
#include <stdio.h>

int main(void) {
  putchar('x');
  return 0;
}
