// lore: --unwind 3 --bounds-check
// expect: FALSE
// An index equal to the run-time length is out of bounds.
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n > 0 && n < 8);
  int a[n];
  unsigned i = __VERIFIER_nondet_uint();
  __VERIFIER_assume(i <= n);
  a[i] = 1;
  return 0;
}
