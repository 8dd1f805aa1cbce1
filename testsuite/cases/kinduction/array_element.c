// expect: TRUE | step case with k = 1
// The array the loop writes is havocked whole.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  int a[3] = {0, 0, 0};
  unsigned i = 0;
  while (i < n) { a[0] = 0; i++; }
  __VERIFIER_assert(a[0] == 0);
  return 0;
}
