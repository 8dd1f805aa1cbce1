// expect: TRUE | step case with k = 1
// The inner loop is unwound in every copy of the outer loop's body.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned x = 0, y = 0;
  while (x < n) {
    for (int j = 0; j < 3; j++) { y++; }
    x++;
  }
  __VERIFIER_assert(x == n);
  return 0;
}
