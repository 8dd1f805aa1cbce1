// A syntax error: a diagnostic with the file, line and span.
#include <stdio.h>

int main(void) {
  int c = getchar(
  return 0;
}
