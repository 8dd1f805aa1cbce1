// lore: --unwind 1
// expect: FALSE
// Reading past the end is undefined: the value read can be anything.
int main(void) {
  int a[2] = { 0, 0 };
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i <= 2 && a[i] == 7)
    reach_error();
  return 0;
}
