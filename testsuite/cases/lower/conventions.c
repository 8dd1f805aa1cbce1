// The verification conventions: SV-COMP, CBMC and the paper's _Learn_assert.
// Output functions have no effect; abort and exit end the execution.
#include <assert.h>
#include <stdio.h>
extern void abort(void);
void reach_error() { __assert_fail("0", "conventions.c", 5, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char u = __VERIFIER_nondet_uchar();
  unsigned char v = nondet_uchar();   /* CBMC: undeclared, typed by its name */
  __VERIFIER_assume(x > 0);
  __CPROVER_assume(u < 10);
  printf("x = %d\n", x);
  assert(x != 0);
  __CPROVER_assert(u + v < 300, "sum in range");
  __VERIFIER_assert(x + u > 0);
  _Learn_assert(x != 7);
  if (v == 42)
    __VERIFIER_error();
  if (x > 100)
    exit(0);
  if (x > 1000)
    abort();
  return 0;
}
