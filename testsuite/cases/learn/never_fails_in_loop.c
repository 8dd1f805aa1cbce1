// lore: --unwind 3 --max-word-length 5
// The assertion never fails, but the loop can always run once more: no
// bound covers every execution, so "empty" is only ever bounded.
void tick(void) {}
int main(void) {
  unsigned n = 0;
  while (nondet_int()) {
    tick();
    n++;
  }
  _Learn_assert(n != 7 || n == 7);
  return 0;
}
