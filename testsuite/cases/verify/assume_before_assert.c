// lore: --unwind 1
// expect: TRUE
// Assumptions restrict the executions that reach later checks.
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 10);
  if (x <= 10)
    reach_error();
  return 0;
}
