// lore: --unwind 2
// expect: FALSE
// A nondet double may be NaN, so it need not equal itself.
#include <assert.h>
int main(void) {
  double x = __VERIFIER_nondet_double();
  assert(x == x);
  return 0;
}
