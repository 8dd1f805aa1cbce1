// lore agr: a server that acknowledges one request.
#include <lore_agr.h>

int request;

int main(void) {
  request = chan_recv(req);
  chan_send(ack, request);
  return 0;
}
