// expect: UNKNOWN | the step case fails
// FALSE after 21 iterations, beyond the bound: no proof, and no FALSE.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int x = 0;
  while (1) { if (x == 20) __VERIFIER_assert(0); x++; }
  return 0;
}
