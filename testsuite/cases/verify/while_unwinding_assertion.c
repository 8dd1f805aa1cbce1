// lore: --unwind 5 --unwinding-assertions
// expect: UNKNOWN
// The loop may need more than 4 iterations: its unwinding assertion fails.
int main(void) {
  int n = 0;
  while (__VERIFIER_nondet_int())
    n++;
  return 0;
}
