// lore: --unwind 2 --bounds-check
// expect: FALSE
// Two nondet indices in one access (a[i][j], and a[i].f[j] across a
// struct): each a case split over the elements; the bounds check fails
// for j == 3.
struct R { int pad; char f[3]; };
int a[3][4];
struct R r[2];
int main(void) {
  unsigned i = __VERIFIER_nondet_uint(), j = __VERIFIER_nondet_uint();
  __VERIFIER_assume(i < 3 && j < 4);
  a[i][j] = 5;
  if (a[2][3] == 5 && !(i == 2 && j == 3))
    reach_error();           /* unreachable: only a[i][j] was written */
  if (j < 3) {
    r[i % 2].f[j] = 'x';
    if (r[1].f[2] == 'x' && !(i % 2 == 1 && j == 2))
      reach_error();         /* unreachable */
  }
  return r[i % 2].f[j];      /* j == 3 is outside f */
}
