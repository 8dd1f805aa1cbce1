// lore agr: the AGR paper's Lemma 5 (Fig. 5), M2: x := 0, y := 0, then
// x := x + 1 or y := y + 1 any number of times, then a synchronisation.
// The weakest assumption (as many x++ as y++) is not regular: AGR learns
// T(M2) instead, and the repair keeps the runs that end with x == y.
#include <lore_agr.h>

int x, y;

int main(void) {
  x = 0;
  y = 0;
  while (__VERIFIER_nondet_int()) {
    if (__VERIFIER_nondet_int())
      x = x + 1;
    else
      y = y + 1;
  }
  chan_send(sync, x);
  return 0;
}
