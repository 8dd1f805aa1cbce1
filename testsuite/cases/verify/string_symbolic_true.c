// lore: --unwind 2
// expect: TRUE
// strlen, strcmp and strcpy at nondet offsets agree with C for every one.
#include <string.h>
#include <stdlib.h>
char text[] = "lore";
char dst[10] = "0123456789";
int main(void) {
  unsigned i = __VERIFIER_nondet_uint(), j = __VERIFIER_nondet_uint();
  __VERIFIER_assume(i <= 4 && j <= 5);
  if (strlen(text + i) != 4 - i)
    reach_error();
  strcpy(dst + j, text + i);
  if (strlen(dst) != j + 4 - i || dst[j + 4 - i] != 0)
    reach_error();
  if (strcmp(dst + j, text + i) != 0)
    reach_error();
  if (j > 0 && dst[j - 1] != '0' + (char)(j - 1))
    reach_error();
  if (i < 4 && strcmp(text + i, text + 4) <= 0)
    reach_error();
  return 0;
}
