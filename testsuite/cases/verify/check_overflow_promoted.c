// lore: --unwind 1 --signed-overflow-check
// expect: TRUE
// char arithmetic is done in int: no overflow.
int main(void) {
  signed char c = __VERIFIER_nondet_char();
  int r = c * 2 + 100;
  return r;
}
