// lore: --unwind 2
// expect: UNKNOWN
// sqrt has no definition and Lore has no model of it: never a silent guess.
#include <assert.h>
#include <math.h>
int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x >= 4.0 && x <= 9.0);
  assert(sqrt(x) >= 2.0);
  return 0;
}
