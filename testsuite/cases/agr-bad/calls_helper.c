// lore agr (bad input): a component's actions must be in its own function.
#include <lore_agr.h>
int w;
void helper(void) { w = 1; }
int main(void) {
  helper();
  chan_send(c, w);
  return 0;
}
