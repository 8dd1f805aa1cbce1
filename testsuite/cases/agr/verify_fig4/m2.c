// lore agr: the AGR paper's Example 2 (Fig. 4), M: reads a password and,
// if it is positive, has it verified. P wants at least four digits, which
// M does not ensure: the error trace is password?y, y > 0, verify!y,
// y < 1000.
#include <lore_agr.h>

int y;

int main(void) {
  y = chan_recv(password);
  if (y > 0)
    chan_send(verify, y);
  return 0;
}
