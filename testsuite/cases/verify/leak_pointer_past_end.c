// lore: --unwind 2 --memory-leak-check
// models: ilp32 lp64
// expect: FALSE
// A global holding an address just past a block's end does not keep it.
#include <stdlib.h>
char *g;
int main(void) {
  g = (char *)malloc(16) + 16;
  return 0;
}
