// lore: --unwind 1
// expect: FALSE
// Case 1 falls through into case 2.
int main(void) {
  int x = __VERIFIER_nondet_int(), y = 0;
  switch (x) {
  case 1: y += 1;
  case 2: y += 2; break;
  default: y = 0;
  }
  if (y == 3)
    reach_error();
  return 0;
}
