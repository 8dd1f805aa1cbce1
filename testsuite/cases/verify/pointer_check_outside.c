// lore: --unwind 2 --pointer-check
// expect: FALSE
// One element past the end, through a pointer.
int a[4];
int main(void) {
  int *p = a;
  unsigned i = __VERIFIER_nondet_uint();
  __VERIFIER_assume(i <= 4);
  return p[i];
}
