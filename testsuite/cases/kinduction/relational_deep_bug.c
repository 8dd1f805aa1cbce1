// expect: UNKNOWN | the step case fails
// FALSE after 60 iterations: the difference changes once, deep in the loop.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  unsigned x = 0, y = 0;
  while (x < 100) { x++; y++; if (x == 60) y += 2; }
  __VERIFIER_assert(x == y);
  return 0;
}
