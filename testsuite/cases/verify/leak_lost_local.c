// lore: --unwind 2 --memory-leak-check
// models: ilp32 lp64
// expect: FALSE
// Memory only a local of main points to is lost when main returns
// (SV-COMP's valid-memtrack; sv-benchmarks' memsafety/test-0158-2).
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof *p);
  *p = 1;
  return 0;
}
