// lore: --unwind 5 --unwinding-assertions
// expect: FALSE
// The bug needs the array's last element to alias its first: only n == 1.
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n > 0 && n < 4);
  char s[n];
  for (unsigned i = 0; i < n; i++)
    s[i] = 'a';
  s[n - 1] = 0;
  if (s[0] == 0)
    reach_error();
  return 0;
}
