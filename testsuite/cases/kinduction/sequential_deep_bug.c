// expect: UNKNOWN | summarised,
// FALSE after 40 iterations of the first loop: the second loop then runs
// one time more than k allows. The summaries must not hide it.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = 0, i = 0;
  while (i < n) { i++; if (i != 40) k++; }
  int j = n;
  while (j > 0) {
    __VERIFIER_assert(k > 0);
    j--;
    k--;
  }
  return 0;
}
