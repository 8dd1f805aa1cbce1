// lore: --unwind 1 --div-by-zero-check --signed-overflow-check
// expect: TRUE
// Guarded division: no division by zero, and -1 excluded (INT_MIN / -1 overflows).
int main(void) {
  int d = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (d != 0 && d != -1)
    n = n / d;
  return n;
}
