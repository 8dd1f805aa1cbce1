// lore agr: the AGR paper's running example (Sect. 2, Fig. 1), M2: reads
// a password until it has at least four digits, sends it to M1 to be
// encrypted, and reads the encrypted value back. Values are 128-bit so
// that the property's bound 2^64 means what it says.
#include <lore_agr.h>

__int128 x_pw, x_pw2;

int main(void) {
  do {
    x_pw = chan_recv(read);
  } while (x_pw <= 999);
  chan_send(enc, x_pw);
  x_pw2 = chan_recv(getEnc);
  return 0;
}
