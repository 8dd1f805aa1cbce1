// lore: --unwind 2
// expect: TRUE
// NaN compares unequal to everything, itself included; every other value
// equals itself. Any bit pattern may come from a nondet float.
#include <assert.h>
#include <math.h>
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (isnan(x)) {
    assert(x != x);
    assert(!(x < x) && !(x <= x) && !(x > 0.0f) && !(x == 0.0f));
  } else {
    assert(x == x);
  }
  return 0;
}
