// lore: --unwind 6 --unwinding-assertions
// expect: TRUE
// Every element of a two-dimensional VLA is where its index says.
int main(void) {
  int n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int();
  if (n <= 0 || n > 3 || m <= 0 || m > 4) return 0;
  int a[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = i * m + j;
  if (a[n - 1][m - 1] != n * m - 1 || sizeof(a) != n * m * sizeof(int) || sizeof(a[0]) != m * sizeof(int))
    reach_error();
  return 0;
}
