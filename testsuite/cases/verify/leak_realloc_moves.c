// lore: --unwind 2 --memory-leak-check --pointer-check
// models: ilp32 lp64
// expect: TRUE
// realloc frees the old block; the new one is freed.
#include <stdlib.h>
int main(void) {
  int *p = malloc(4);
  p = realloc(p, 8);
  free(p);
  return 0;
}
