// lore: --unwind 2 --pointer-check
// expect: FALSE
// Two pointers to one block, both freed.
#include <stdlib.h>
int main(void) {
  char *p = malloc(4);
  char *q = p;
  free(p);
  free(q);
  return 0;
}
