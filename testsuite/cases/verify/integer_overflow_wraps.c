// lore: --unwind 1
// expect: FALSE
// Unsigned arithmetic wraps: x + 1 can be 0.
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if (x + 1 == 0)
    reach_error();
  return 0;
}
