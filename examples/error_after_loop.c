/* An example for Lore: a counter grows in a loop, and a check at the end
 * fails once it has grown too far. `lore show cfg` prints what the verifier
 * sees of this program; `lore learn` (coming) draws every way the check fails. */

int step(int value) {
  return value + 3;
}

void check(int value) {
  _Learn_assert(value < 7);
}

int main(void) {
  int value = 0;
  while (__VERIFIER_nondet_int())
    value = step(value);
  check(value);
  return 0;
}
