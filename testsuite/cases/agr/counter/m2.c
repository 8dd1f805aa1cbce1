// lore agr: the AGR paper's Example 7 (Fig. 9), M2: x := 0, then x := x + 1
// any number of times, then a synchronisation with M1.
#include <lore_agr.h>

int x;

int main(void) {
  x = 0;
  while (__VERIFIER_nondet_int())
    x = x + 1;
  chan_send(sync, x);
  return 0;
}
