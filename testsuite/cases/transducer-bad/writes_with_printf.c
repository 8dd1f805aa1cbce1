// Writes part of its output with printf, which Lore's harness does not
// see: a transducer learned from `putchar` alone would miss "&lt;" (it
// was once learned and "proved" as '<' / ε). Refused, with the call.
#include <stdio.h>

int main(void) {
  int c;
  while ((c = getchar()) != EOF) {
    if (c == '<')
      printf("&lt;");
    else
      putchar(c);
  }
  return 0;
}
