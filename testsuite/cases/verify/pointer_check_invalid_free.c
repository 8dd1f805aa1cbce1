// lore: --unwind 2 --pointer-check
// expect: FALSE
// free of a pointer into the middle of a block.
#include <stdlib.h>
int main(void) {
  char *p = malloc(4);
  if (p)
    free(p + 1);
  return 0;
}
