// lore: --unwind 2
// expect: FALSE
// strcpy to a nondet offset: the copy lands there, the bytes before stay.
#include <string.h>
char text[] = "lore";
char dst[10] = "0123456789";
int main(void) {
  unsigned i = __VERIFIER_nondet_uint(), j = __VERIFIER_nondet_uint();
  __VERIFIER_assume(i <= 4 && j <= 5);
  strcpy(dst + j, text + i);
  if (strlen(dst) == j + 4 - i && j == 3 && i == 1 && dst[2] == 0x32 && dst[3] == 0x6f)
    reach_error();
  return 0;
}
