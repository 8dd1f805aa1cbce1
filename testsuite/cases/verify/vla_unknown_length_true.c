// lore: --unwind 3 --unwinding-assertions
// expect: TRUE
// A length known only at run time: the array is laid out for the largest
// size Lore models and indexed within the run-time length.
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 3);
  int a[n];
  a[0] = 1;
  a[n - 1] = 2;
  if (a[0] != 1 && n > 1)
    reach_error();
  if (a[n - 1] != 2)
    reach_error();
  return 0;
}
