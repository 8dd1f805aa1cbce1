// lore: --unwind 5
// expect: FALSE
// With --unwind 5 the body runs at most 4 times, so n can reach 4.
int main(void) {
  int n = 0;
  while (__VERIFIER_nondet_int())
    n++;
  __VERIFIER_assert(n != 4);
  return 0;
}
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
