// lore: --unwind 2
// expect: FALSE
// The trace names array elements by their index, pointers by the object
// (and element or member) they point to, function pointers by the
// function, and arrays and structs by their elements and members.
#include <stdlib.h>
struct S { int a; signed char f : 3; unsigned g : 4; int arr[2]; };
struct S s;
int inc(int x) { return x + 1; }
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 2);
  int *h = malloc(3 * sizeof(int));
  if (!h)
    return 0;
  h[i] = 5;
  int m[2][3];
  m[i][2] = 4;
  int *pm = &m[1][1];
  *pm = 6;
  int (*fp)(int) = inc;
  s.f = -2;
  s.g = 9;
  struct S t = s;
  int *q = &t.arr[1];
  *q = fp(i);
  if (t.arr[1] == 2)
    reach_error();
  return 0;
}
