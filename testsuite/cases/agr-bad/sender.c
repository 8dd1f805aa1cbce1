// lore agr: sends an int on `c`.
#include <lore_agr.h>
int v;
int main(void) {
  v = 5;
  chan_send(c, v);
  return 0;
}
