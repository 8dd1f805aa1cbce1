// lore: --unwind 3
// expect: FALSE
// A do-while body runs once, then repeats at most k-1 = 2 times: 3 in all.
int main(void) {
  int n = 0;
  do {
    n++;
  } while (__VERIFIER_nondet_int());
  if (n == 3)
    reach_error();
  return 0;
}
