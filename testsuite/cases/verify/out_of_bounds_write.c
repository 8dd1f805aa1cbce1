// lore: --unwind 1
// expect: TRUE
// A write past the end changes nothing Lore can see (CBMC's model as well):
// the array's own elements keep their values.
int main(void) {
  int a[2] = { 0, 0 };
  a[2] = 5;
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i < 2 && a[i] != 0)
    reach_error();
  return 0;
}
