// expect: TRUE | loops main.0, main.1 replaced by their invariants
// deep bound: 8 (nested loops with an unbounded n: deeper is slow)
// The inner loop starts at l, which only grows: its invariant i >= l is
// found with the outer loop's state arbitrary, then the outer loop's
// l >= l@entry with the inner loop summarised.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int l = __VERIFIER_nondet_int();
  if (l <= 0 || l >= 1000000 || n >= 1000000) return 0;
  for (int k = 1; k < n; k++) {
    for (int i = l; i < n; i++) {
      __VERIFIER_assert(1 <= i);
    }
    if (__VERIFIER_nondet_int()) l = l + 1;
  }
  return 0;
}
