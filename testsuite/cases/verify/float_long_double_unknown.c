// lore: --unwind 2
// expect: UNKNOWN
// long double (the x87 format) is not modelled.
#include <assert.h>
int main(void) {
  long double x = __VERIFIER_nondet_int();
  assert(x * 2 == x + x);
  return 0;
}
