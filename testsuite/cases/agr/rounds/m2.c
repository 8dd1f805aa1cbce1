// lore agr: a client sends 12 numbered requests and checks each answer.
#include <lore_agr.h>

int n;
int answer;

int main(void) {
  for (n = 0; n < 12; n++) {
    chan_send(req, n);
    answer = chan_recv(ack);
    chan_send(got, answer);
  }
  return 0;
}
