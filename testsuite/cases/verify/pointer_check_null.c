// lore: --unwind 2 --pointer-check
// expect: FALSE
// A pointer that may be null is dereferenced.
int main(void) {
  int x = 1;
  int *p = __VERIFIER_nondet_int() ? &x : 0;
  return *p;
}
