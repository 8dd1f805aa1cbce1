// lore: --unwind 3 --unwinding-assertions
// expect: UNKNOWN
// A length that stays unknown is not handled yet: UNKNOWN, never TRUE.
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 3);
  int a[n];
  a[0] = 1;
  if (a[0] != 1)
    reach_error();
  return 0;
}
