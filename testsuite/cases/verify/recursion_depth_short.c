// lore: --unwind 3 --unwinding-assertions
// expect: UNKNOWN
// sum(4) needs 4 nested recursive calls; --unwind 3 allows 3.
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
