// expect: UNKNOWN | the step case fails
// FALSE after 51 iterations, through a global a called function writes.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int g = 0;
void set(void) { g = 1; }
int main(void) {
  unsigned i = 0;
  while (i < 100) { if (i == 50) set(); i++; }
  __VERIFIER_assert(g == 0);
  return 0;
}
