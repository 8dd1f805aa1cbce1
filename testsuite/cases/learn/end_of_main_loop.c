// lore: --unwind 3 --max-word-length 6 --assert end-of-main
// What a program with a loop does: each run of the loop body is a `poll`;
// the words end where main returns. (The initialiser's return is not the
// end of main: a regression test.)
int ready;
void start(void) {}
void poll(void) {}
void finish(void) {}
int main(void) {
  start();
  int n = __VERIFIER_nondet_int();
  while (n > 0) {
    poll();
    n--;
  }
  if (ready)
    finish();
  return 0;
}
