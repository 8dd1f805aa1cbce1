// lore: --unwind 2
// expect: FALSE
// (a + 1) - 1 is not a when a is small: the sum is rounded.
#include <assert.h>
int main(void) {
  float a = __VERIFIER_nondet_float();
  __VERIFIER_assume(a > 0.0f && a < 1.0f);
  float b = a + 1.0f;
  assert(b - 1.0f == a);
  return 0;
}
