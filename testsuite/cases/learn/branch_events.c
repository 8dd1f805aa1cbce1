// lore: --unwind 1 --max-word-length 4 --events branches
// No function but main: the events are the outcomes of the two `if`s. The
// assertion fails when exactly one of them is taken.
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  int n = 0;
  if (a > 0)
    n++;
  if (b > 0)
    n++;
  _Learn_assert(n != 1);
  return 0;
}
