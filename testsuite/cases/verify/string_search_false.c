// lore: --unwind 7 --unwinding-assertions
// expect: FALSE
// models: ilp32 lp64
// strrchr finds the last match, not the first: a program that assumes the
// first is caught, with a replayed trace.
#include <string.h>
char __VERIFIER_nondet_char(void);
void reach_error(void);

int main(void) {
  char s[5];
  for (int i = 0; i < 4; i++)
    s[i] = __VERIFIER_nondet_char();
  s[4] = 0;
  char *p = strchr(s, '/');
  if (p && strrchr(s, '/') != p)
    reach_error();
  return 0;
}
