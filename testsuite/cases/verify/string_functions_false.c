// lore: --unwind 2
// expect: FALSE
// The nondet character can end the string early: strlen(buf) == 1.
#include <string.h>
char buf[8];
int main(void) {
  strcpy(buf, "abc");
  buf[1] = __VERIFIER_nondet_char();
  if (strlen(buf) == 1 && strcmp(buf, "a") == 0)
    reach_error();
  return 0;
}
