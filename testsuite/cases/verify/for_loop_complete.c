// lore: --unwind 11 --unwinding-assertions
// expect: TRUE
// Ten iterations need --unwind 11; then the loop is fully unwound.
int main(void) {
  int s = 0;
  for (int i = 0; i < 10; i++)
    s += i;
  if (s != 45)
    reach_error();
  return 0;
}
