// lore: --unwind 6 --unwinding-assertions
// expect: FALSE
// The element written at a nondet index is read back there.
int main(void) {
  int a[5] = { 1, 2, 3, 4, 5 };
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 5);
  a[i] = 10;
  int sum = 0;
  for (int k = 0; k < 5; k++)
    sum += a[k];
  if (sum == 15 - 3 + 10)   /* reached when i == 2 */
    reach_error();
  return 0;
}
