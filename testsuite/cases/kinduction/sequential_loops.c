// expect: TRUE | loops main.0, main.1 replaced by their invariants
// Two loops one after the other, each running n times: the first keeps
// k - i, the second k - j; neither bound nor one step case covers both.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = 0, i = 0;
  while (i < n) { i++; k++; }
  int j = n;
  while (j > 0) {
    __VERIFIER_assert(k > 0);
    j--;
    k--;
  }
  return 0;
}
