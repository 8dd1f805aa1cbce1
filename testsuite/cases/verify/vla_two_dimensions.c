// lore: --unwind 6 --unwinding-assertions
// expect: FALSE
// A two-dimensional variable-length array (as SV-COMP's loops/matrix-2).
int main(void) {
  int n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int();
  if (n <= 0 || n > 4 || m <= 0 || m > 4) return 0;
  int a[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = i * m + j;
  if (a[n - 1][m - 1] == 11)   /* n * m == 12 */
    reach_error();
  return 0;
}
