// expect: UNKNOWN | summarised,
// FALSE after 35 iterations: the loop can leave by `return` from its
// middle (a block that does not lead back to the header), and the bug is
// after the loop, reached once i passes 35 with k behind it.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, k = 0;
  while (i < n) {
    if (__VERIFIER_nondet_int() == 7) return 1;
    i++;
    if (i != 35) k++;
  }
  int j = 0;
  while (j < i) { j++; }
  __VERIFIER_assert(k == i);
  return 0;
}
