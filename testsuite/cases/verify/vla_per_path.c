// lore: --unwind 5 --unwinding-assertions
// expect: FALSE
// A VLA declared in a loop with a different constant length each time, and
// read through a pointer in a helper: each path keeps its own size.
int last(int *p, int n) { return p[n - 1]; }
int main(void) {
  int k = __VERIFIER_nondet_int();
  int n = k ? 2 : 4;
  int a[n];
  for (int i = 0; i < n && i < 4; i++)
    a[i] = i;
  if (last(a, n) == 3)
    reach_error();
  return 0;
}
