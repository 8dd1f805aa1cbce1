// lore agr: a server answers each request with the request plus one, 12 times.
#include <lore_agr.h>

int r;
int served;

int main(void) {
  int i;
  for (i = 0; i < 12; i++) {
    r = chan_recv(req);
    chan_send(ack, r + 1);
    served = served + 1;
  }
  return 0;
}
