// lore: --unwind 2
// expect: TRUE
// -0 equals +0 but keeps its sign: 1 / -0 is -infinity.
#include <assert.h>
#include <math.h>
int main(void) {
  double z = -0.0;
  assert(z == 0.0);
  assert(signbit(z));
  assert(!signbit(0.0));
  double r = 1.0 / z;
  assert(isinf(r) && r < 0);
  assert(0.0 - 0.0 == 0.0 && !signbit(0.0 - 0.0));
  return 0;
}
