// expect: TRUE | step case with k = 1
// The assertion inside the loop is assumed in the first k copies.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int i = 0, j = 0;
  while (__VERIFIER_nondet_int()) { i++; j++; __VERIFIER_assert(i == j); }
  return 0;
}
