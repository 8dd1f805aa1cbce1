// Writes part of its output with printf and a format that is not a
// constant, which Lore's harness cannot turn into its output: a transducer
// learned from `putchar` alone would miss "&lt;" (a printf output was
// once dropped, and '<' / ε learned and "proved"). Refused, with the call.
#include <stdio.h>

int main(void) {
  const char *entity = "&lt;";
  int c;
  while ((c = getchar()) != EOF) {
    if (c == '<')
      printf(entity);
    else
      putchar(c);
  }
  return 0;
}
