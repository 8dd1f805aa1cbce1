/* An example for Lore: `step` may run any number of times, `check` runs
 * once, and the assertion fails once the value has grown too far, or right
 * away after `reset` was called with a bad argument.
 *
 *   lore learn examples/error_after_loop.c
 *
 * draws every way the check fails as a small automaton over the function
 * calls; `lore show cfg` prints what the verifier sees of the program. */

int step(int value) {
  return value + 3;
}

int reset(int to) {
  return to;
}

void check(int value) {
  _Learn_assert(value < 7);
}

int main(void) {
  int value = 0;
  while (__VERIFIER_nondet_int())
    value = step(value);
  if (__VERIFIER_nondet_int())
    value = reset(__VERIFIER_nondet_int());
  check(value);
  return 0;
}
