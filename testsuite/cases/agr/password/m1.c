// lore agr: the AGR paper's running example (Fig. 2), M1: "encrypts" the
// password it receives by doubling it and sends it back.
#include <lore_agr.h>

__int128 y_pw;

int main(void) {
  y_pw = chan_recv(enc);
  y_pw = 2 * y_pw;
  chan_send(getEnc, y_pw);
  return 0;
}
