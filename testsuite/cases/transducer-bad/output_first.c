// Writes before it reads anything: no transducer of Lore's class.
#include <stdio.h>

int main(void) {
  int c;
  putchar('>');
  while ((c = getchar()) != EOF) {
    putchar(c);
  }
  return 0;
}
