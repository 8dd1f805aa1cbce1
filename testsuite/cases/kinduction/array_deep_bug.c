// expect: UNKNOWN | the step case fails
// FALSE, but only after 31 iterations: the havocked array must let the
// step case fail.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  int a[3] = {0, 0, 0};
  unsigned i = 0;
  while (i < n) { if (i == 30) a[1] = 5; i++; }
  __VERIFIER_assert(a[1] == 0);
  return 0;
}
