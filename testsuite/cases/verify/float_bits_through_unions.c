// lore: --unwind 2
// expect: TRUE
// A union and a pointer cast see a float's IEEE bits; bits written as an
// integer read back as infinity and NaN.
#include <assert.h>
#include <math.h>
union word { float f; unsigned u; };
union wide { double d; unsigned long long u; };
int main(void) {
  union word w;
  w.f = 1.0f;
  assert(w.u == 0x3f800000u);
  w.u = 0x7f800000u;
  assert(isinf(w.f) && w.f > 0);
  w.u = 0xffc00001u;
  assert(isnan(w.f));
  float g = 0.1f;
  unsigned *p = (unsigned *)&g;
  assert(*p == 0x3dcccccdu);
  union wide v;
  v.d = -2.5;
  assert(v.u == 0xc004000000000000ull);
  return 0;
}
