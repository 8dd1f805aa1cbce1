// lore agr: the AGR paper's Example 2 (Fig. 4), the verifier: receives
// the password to verify.
#include <lore_agr.h>

int checked;

int main(void) {
  checked = chan_recv(verify);
  return 0;
}
