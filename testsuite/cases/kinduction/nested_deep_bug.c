// expect: UNKNOWN | summarised,
// FALSE after 30 iterations of the outer loop: l drops to 0 there, and the
// inner loop then checks i = 0.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int l = 1;
  if (n >= 1000000) return 0;
  for (int k = 1; k < n; k++) {
    for (int i = l; i < n; i++) {
      __VERIFIER_assert(1 <= i);
    }
    if (k == 30) l = 0;
  }
  return 0;
}
