// lore: --unwind 1
// expect: TRUE
// A write through a pointer changes the variable it points to.
int main(void) {
  int x = 1;
  int *p = &x;
  *p = 2;
  if (x != 2)
    reach_error();
  return 0;
}
