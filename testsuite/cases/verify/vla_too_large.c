// lore: --unwind 3
// expect: UNKNOWN
// A length that may exceed the modelled layout: those paths are reported,
// never cut silently, so no TRUE.
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n > 0);
  int a[n];
  a[n - 1] = 5;
  if (a[n - 1] != 5)
    reach_error();
  return 0;
}
