// lore: --unwind 2
// expect: FALSE
// strlen through a pointer at a nondet offset, and strcpy into a heap block.
#include <string.h>
#include <stdlib.h>
char text[] = "lore";
int main(void) {
  unsigned i = __VERIFIER_nondet_uint();
  __VERIFIER_assume(i <= 4);
  char *p = malloc(8);
  strcpy(p, text + i);
  if (strlen(p) == 4 - i && p[4 - i] == 0 && i == 2)
    reach_error();
  return 0;
}
