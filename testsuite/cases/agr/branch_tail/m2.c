// lore agr: M2 reads a digit, reports it to M1, and sometimes logs it.
// The error trace ends through the branch not taken by the log (the
// `if`'s else): a repair written inside the `if` would leave it.
#include <lore_agr.h>

int x;

int main(void) {
  x = chan_recv(inp);
  __VERIFIER_assume(0 <= x && x <= 9);
  chan_send(val, x);
  if (__VERIFIER_nondet_int())
    chan_send(log, x);
  if (x == 0)
    return 1;
  return 0;
}
