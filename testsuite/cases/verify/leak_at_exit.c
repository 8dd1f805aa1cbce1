// lore: --unwind 2 --memory-leak-check
// models: ilp32 lp64
// expect: FALSE
// `exit` ends the program like main's return: the block only a local
// pointed to is lost.
#include <stdlib.h>
void stop(void) { exit(0); }
int main(void) {
  int *p = malloc(8);
  p = 0;
  stop();
  return 0;
}
