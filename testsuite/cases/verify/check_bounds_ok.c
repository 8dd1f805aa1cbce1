// lore: --unwind 6 --unwinding-assertions --bounds-check
// expect: TRUE
// Every index is in bounds, also the nondet one (it is checked first).
int main(void) {
  int a[4];
  for (int i = 0; i < 4; i++)
    a[i] = i;
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < 4)
    return a[k];
  return 0;
}
