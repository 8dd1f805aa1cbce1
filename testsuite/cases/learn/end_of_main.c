// lore: --unwind 2 --max-word-length 6 --assert end-of-main
// What the program does (no assertion): the words of the executions that
// reach the end of main, by `return` or by `exit`.
#include <stdlib.h>
void setup(void) {}
void work(void) {}
void quit(void) { exit(0); }
int main(void) {
  setup();
  if (__VERIFIER_nondet_int())
    quit();
  work();
  if (__VERIFIER_nondet_int())
    work();
  return 0;
}
