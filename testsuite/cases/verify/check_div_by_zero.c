// lore: --unwind 1 --div-by-zero-check
// expect: FALSE
// The divisor can be zero.
int main(void) {
  int d = __VERIFIER_nondet_int();
  int q = 100 / d;
  return q;
}
