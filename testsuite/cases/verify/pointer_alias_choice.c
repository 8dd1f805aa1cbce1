// lore: --unwind 1
// expect: FALSE
// The pointer may point at either variable, so x need not change.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0, y = 0;
  int *p = __VERIFIER_nondet_int() ? &x : &y;
  *p = 5;
  if (x != 5)
    reach_error();
  return 0;
}
