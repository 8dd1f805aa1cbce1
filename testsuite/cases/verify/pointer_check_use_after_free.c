// lore: --unwind 2 --pointer-check
// expect: FALSE
// A block is read after it was freed on one path.
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  if (!p)
    return 0;
  *p = 5;
  if (__VERIFIER_nondet_int())
    free(p);
  return *p;
}
