// lore agr: the AGR paper's Lemma 5 (Fig. 5), M1: synchronises once.
#include <lore_agr.h>

int seen;

int main(void) {
  seen = chan_recv(sync);
  return 0;
}
