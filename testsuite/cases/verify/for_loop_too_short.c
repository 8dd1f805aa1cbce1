// lore: --unwind 10 --unwinding-assertions
// expect: UNKNOWN
// Ten iterations do not fit in --unwind 10.
int main(void) {
  int s = 0;
  for (int i = 0; i < 10; i++)
    s += i;
  return s;
}
