// lore: --unwind 2 --memory-cleanup-check
// models: ilp32 lp64
// expect: FALSE
// valid-memcleanup: every block freed before the program terminates,
// `abort` included (as CBMC 6.6's --memory-cleanup-check).
#include <stdlib.h>
int main(void) {
  int *p = malloc(8);
  p = 0;
  abort();
}
