// lore: --unwind 4 --unwinding-assertions
// expect: TRUE
// sum(4) makes 4 recursive calls: --unwind 4 is enough.
int sum(int n) {
  if (n == 0)
    return 0;
  return n + sum(n - 1);
}
int main(void) {
  if (sum(4) != 10)
    reach_error();
  return 0;
}
