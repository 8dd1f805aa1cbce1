// lore agr: the AGR paper's Example 7 (Fig. 9), M1: synchronises once.
#include <lore_agr.h>

int seen;

int main(void) {
  seen = chan_recv(sync);
  return 0;
}
