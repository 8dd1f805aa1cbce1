// lore: --unwind 5 --unwinding-assertions
// expect: FALSE
// Walking an array by pointer: the last element is 3, not 4.
int main(void) {
  int a[4] = { 0, 1, 2, 3 };
  int *p = a;
  while (p < a + 3)
    p++;
  if (p - a != 3)
    reach_error();
  if (*p == 3)
    reach_error();
  return 0;
}
