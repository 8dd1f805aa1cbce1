// lore: --unwind 2
// expect: FALSE
// Positive floats below FLT_MIN exist (subnormals).
#include <assert.h>
#include <float.h>
int main(void) {
  float x = __VERIFIER_nondet_float();
  __VERIFIER_assume(x > 0.0f);
  assert(x >= FLT_MIN);
  return 0;
}
