// lore: --unwind 4 --unwinding-assertions --pointer-check
// expect: FALSE
// realloc keeps the old contents; the old block is freed, so reading it is
// a use after free.
#include <stdlib.h>
int main(void) {
  int *a = malloc(2 * sizeof(int));
  if (!a)
    return 0;
  a[0] = 7;
  a[1] = 8;
  int *b = realloc(a, 4 * sizeof(int));
  if (!b)
    return 0;
  if (b[0] != 7 || b[1] != 8)
    reach_error();
  b[3] = 1;
  return a[0];
}
