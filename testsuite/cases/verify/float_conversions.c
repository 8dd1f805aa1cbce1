// lore: --unwind 2
// expect: TRUE
// float to int truncates toward zero; double to float rounds to nearest;
// large integers round when they become floats.
#include <assert.h>
int main(void) {
  double d = __VERIFIER_nondet_double();
  __VERIFIER_assume(d >= 2.5 && d < 3.0);
  assert((int)d == 2);
  assert((int)-d == -2);
  double tenth = 0.1;
  float f = tenth;
  assert(f == 0.1f);
  assert((double)f != tenth);
  int big = 16777217;
  float g = big;
  assert(g == 16777216.0f);
  unsigned u = __VERIFIER_nondet_uint();
  double exact = u;
  assert((unsigned)exact == u);
  char c = (char)65.9;
  assert(c == 'A');
  return 0;
}
