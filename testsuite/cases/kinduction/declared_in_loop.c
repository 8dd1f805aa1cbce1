// expect: UNKNOWN | the step case fails
// FALSE after 50 iterations. `t` is declared in the loop: at the header it
// has no value the havoc covers, so `i <= t` must not be a candidate (it
// held vacuously with the stale t of the loop's entry, and made the step
// case's start i = 0).
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, x = 0;
  while (i < n) {
    unsigned t = i + 1;
    i = t;
    if (i == 50) x = 1;
  }
  __VERIFIER_assert(x == 0);
  return 0;
}
