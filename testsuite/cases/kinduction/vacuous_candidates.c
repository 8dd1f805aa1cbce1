// expect: UNKNOWN | the step case fails
// FALSE after 20 iterations. Candidates checked one after the other on the
// same executions made `i >= n` survive where `k >= n` had failed first,
// and `i == n` at the header proved this TRUE.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = 0;
  int i = 0;
  while (i < n) { i++; k++; }
  __VERIFIER_assert(k < 20);
  return 0;
}
