// lore: --unwind 2
// expect: TRUE
// strlen, strcmp and strcpy, modelled on the objects' bytes (no loop to
// unwind): constant strings, copies, and a nondet character.
#include <string.h>
char buf[8];
int main(void) {
  if (strlen("hello") != 5 || strlen("") != 0)
    reach_error();
  strcpy(buf, "abc");
  if (strlen(buf) != 3 || buf[3] != 0 || strcmp(buf, "abc") != 0)
    reach_error();
  if (strcmp("abc", "abd") >= 0 || strcmp("b", "a") <= 0 || strcmp("ab", "abc") >= 0)
    reach_error();
  char c = __VERIFIER_nondet_char();
  buf[1] = c;
  if (c != 0 && strlen(buf) != 3)
    reach_error();
  if (c == 0 && strlen(buf) != 1)
    reach_error();
  return 0;
}
