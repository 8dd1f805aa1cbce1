// expect: TRUE | loop main.0 replaced by its invariants
// The inner loop needs more unwinding than the bound; the outer runs
// twice. The inner loop is replaced by its summary inside the outer one.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  for (int j = 0; j < 2; j++) {
    unsigned x = 0;
    while (x < n) { x++; }
    __VERIFIER_assert(x == n);
  }
  return 0;
}
