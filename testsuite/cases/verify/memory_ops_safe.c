// lore: --unwind 2 --pointer-check
// expect: TRUE
// The same operations, and no byte is wrong.
#include <string.h>
int main(void) {
  int a[4], b[4];
  memset(a, 0xff, sizeof a);
  memcpy(b, a, sizeof a);
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < 4);
  if (b[k] != -1)
    reach_error();
  return 0;
}
