// expect: TRUE | step case with k = 1
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned x = 0;
  while (x < n) { x++; }
  __VERIFIER_assert(x == n);
  return 0;
}
