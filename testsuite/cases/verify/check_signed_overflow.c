// lore: --unwind 1 --signed-overflow-check
// expect: FALSE
// int addition overflows; the same on unsigned would wrap silently.
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned u = __VERIFIER_nondet_uint();
  u = u + 1u;
  return x + 1;
}
