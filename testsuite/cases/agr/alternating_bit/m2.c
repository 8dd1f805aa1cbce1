// lore agr: the sender of the alternating-bit protocol: three messages,
// each sent with the current bit until the matching acknowledgement comes
// back, then a negative frame that ends the exchange.
#include <lore_agr.h>

int msg;
int bit;
int a;

int main(void) {
  int k;
  bit = 0;
  for (k = 0; k < 3; k++) {
    msg = chan_recv(data);
    __VERIFIER_assume(0 <= msg && msg < 100);
    for (;;) {
      chan_send(frame, msg * 2 + bit);
      a = chan_recv(ack);
      if (a == bit)
        break;
    }
    bit = 1 - bit;
  }
  chan_send(frame, -1);
  return 0;
}
