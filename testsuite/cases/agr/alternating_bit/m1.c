// lore agr: the receiver of the alternating-bit protocol. A frame may be
// lost (the receiver then repeats its last acknowledgement); a frame with
// the expected bit is delivered, a duplicate is acknowledged again. A
// negative frame ends the exchange. M1 || M2 satisfies P (each message is
// delivered once, in order), but Lore has no proof of it yet (the
// invariants it finds miss the frame's bit): the benchmark of `--time-limit` runs it.
#include <lore_agr.h>

int expect;
int got;
int delivered;

int main(void) {
  int f;
  expect = 0;
  for (;;) {
    f = chan_recv(frame);
    if (f < 0)
      return 0;
    if (__VERIFIER_nondet_int()) {
      chan_send(ack, 1 - expect);
      continue;
    }
    if ((f & 1) == expect) {
      got = f >> 1;
      chan_send(deliver, got);
      delivered = delivered + 1;
      expect = 1 - expect;
    }
    chan_send(ack, 1 - expect);
  }
}
