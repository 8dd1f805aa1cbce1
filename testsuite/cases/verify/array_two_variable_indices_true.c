// lore: --unwind 2
// expect: TRUE
// Writing a[i][j] for nondet in-range indices changes that element only.
int a[3][4];
int main(void) {
  unsigned i = __VERIFIER_nondet_uint(), j = __VERIFIER_nondet_uint();
  __VERIFIER_assume(i < 3 && j < 4);
  a[i][j] = 5;
  int sum = a[0][0] + a[0][1] + a[0][2] + a[0][3] + a[1][0] + a[1][1] + a[1][2]
          + a[1][3] + a[2][0] + a[2][1] + a[2][2] + a[2][3];
  if (sum != 5 || a[i][j] != 5)
    reach_error();
  return 0;
}
