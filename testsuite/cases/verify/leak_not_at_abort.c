// lore: --unwind 2 --memory-leak-check
// models: ilp32 lp64
// expect: TRUE
// `abort` is no normal end: leaks are not looked for there (as CBMC 6.6),
// but valid-memcleanup fails (leak_cleanup_at_abort.c).
#include <stdlib.h>
int main(void) {
  int *p = malloc(8);
  p = 0;
  abort();
}
