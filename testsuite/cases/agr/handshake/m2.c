// lore agr: a client that reports it is done before the server's
// acknowledgement arrives (straight-line: its traces have no constraints,
// so it is repaired syntactically).
#include <lore_agr.h>

int answer;

int main(void) {
  chan_send(req, 1);
  chan_send(done, 0);
  answer = chan_recv(ack);
  return 0;
}
