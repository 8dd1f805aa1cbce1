// lore: --unwind 3 --unwinding-assertions
// expect: FALSE
// A local declared in a block that only some loop iterations enter: a
// merge records it as made on one path only, and its declaration in a
// later iteration must make it exist again. Left stale, the store through
// `p` was lost and the error unreachable (a wrong TRUE; found by the
// differential tests, program gen-ilp32-809699a58c43fe56).
int main(void) {
  int k = __VERIFIER_nondet_int();
  for (int i = 0; i < 2; i++) {
    if (i == k) {
      int x = 0;
      int *p = &x;
      *p = 7;
      if (x == 7 && i == 1)
        reach_error();
    }
  }
  return 0;
}
