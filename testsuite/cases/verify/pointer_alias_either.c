// lore: --unwind 1
// expect: TRUE
// Whichever variable the pointer reaches, exactly one of them changes.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0, y = 0;
  int *p = __VERIFIER_nondet_int() ? &x : &y;
  *p = 5;
  if (x + y != 5)
    reach_error();
  return 0;
}
