// lore: --unwind 2
// expect: TRUE
// fpclassify and the other tests of <math.h>.
#include <assert.h>
#include <math.h>
int main(void) {
  assert(fpclassify(0.0) == FP_ZERO);
  assert(fpclassify(1e-310) == FP_SUBNORMAL);
  assert(fpclassify(1.0f) == FP_NORMAL);
  assert(fpclassify(INFINITY) == FP_INFINITE);
  assert(fpclassify(NAN) == FP_NAN);
  assert(isfinite(1e308) && !isfinite(1e308 * 10.0));
  assert(!isnormal(0.0f) && isnormal(-3.0));
  assert(fabs(-2.5) == 2.5 && fabsf(-0.0f) == 0.0f && !signbit(fabsf(-0.0f)));
  double x = __VERIFIER_nondet_double();
  assert(isnan(x) || isinf(x) || isfinite(x));
  return 0;
}
