// lore: --unwind 2 --memory-leak-check
// models: ilp32 lp64
// expect: TRUE
// A global pointing into the middle of a block keeps it (as LeakSanitizer
// counts interior pointers); one pointing past its end does not (the
// twin case leak_pointer_past_end.c).
#include <stdlib.h>
char *g;
int main(void) {
  g = (char *)malloc(16) + 5;
  return 0;
}
