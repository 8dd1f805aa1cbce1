// lore: --unwind 2 --pointer-check --signed-overflow-check --checks-continue
// expect: FALSE
// Each check decided on its own (CBMC's semantics): the failing null
// dereference does not end the path, so the assertion after it is still
// checked (see the CLI test that lists all three).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = 0;
  int x = __VERIFIER_nondet_int();
  *p = 1;
  assert(x < 3);
  return x + 2147483647;
}
