// lore: --unwind 6 --unwinding-assertions
// expect: UNKNOWN
// A string with no terminator inside its object: strlen would read past
// it (undefined behaviour). Lore says UNKNOWN, not a guess.
#include <string.h>
char buf[4];
int main(void) {
  for (int i = 0; i < 4; i++) buf[i] = 'x';
  if (strlen(buf) == 4)
    reach_error();
  return 0;
}
