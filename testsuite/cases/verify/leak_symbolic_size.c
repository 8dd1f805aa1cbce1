// lore: --unwind 2 --memory-leak-check
// models: ilp32 lp64
// expect: FALSE
// A block of a size known at run time, kept by a block of such a size: the
// first is reachable only while the second is; the second is lost.
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
void **g;
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n < 2 || n > 8) return 0;
  void **outer = malloc(n * sizeof(void *));
  outer[n - 1] = malloc(n);
  g = outer;
  g = 0;
  return 0;
}
