// lore: --unwind 4 --memory-leak-check
// models: ilp32 lp64
// expect: FALSE
// Each round overwrites the only pointer to the last round's block; the
// last one is freed, the first two are lost.
#include <stdlib.h>
int main(void) {
  char *p = 0;
  for (int i = 0; i < 3; i++)
    p = malloc(4);
  free(p);
  return 0;
}
