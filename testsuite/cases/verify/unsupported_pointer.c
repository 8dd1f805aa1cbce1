// lore: --unwind 1
// expect: UNKNOWN
// Pointers are not handled yet by the BMC: the verdict must not be TRUE.
int main(void) {
  int x = 1;
  int *p = &x;
  *p = 2;
  if (x != 2)
    reach_error();
  return 0;
}
