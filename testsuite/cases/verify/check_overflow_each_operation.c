// lore: --unwind 1 --signed-overflow-check
// expect: FALSE
// Each operation is its own property, named by its operator's location:
// the multiplication cannot overflow (a is small), the addition and the
// subtraction can; all three are checked and reported.
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  __VERIFIER_assume(a >= 0 && a < 1000);
  int r = a * 2 + b - 1;
  return r;
}
