// lore: --unwind 2
// expect: UNKNOWN
// memcmp reads all n bytes (as ASan and CBMC assume): 6 bytes of a 4-byte
// array is past its end, which Lore reports rather than guesses about, even
// where the first byte already differs.
#include <string.h>
char __VERIFIER_nondet_char(void);
void reach_error(void);

int main(void) {
  char a[4] = "abc", b[8] = "xbcdefg";
  a[1] = __VERIFIER_nondet_char();
  if (memcmp(a, b, 6) == 0)
    reach_error();
  return 0;
}
