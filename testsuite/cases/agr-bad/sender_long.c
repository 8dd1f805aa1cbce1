// lore agr (bad input): sends a long long on `c` ...
#include <lore_agr.h>
long long v;
int main(void) {
  v = 5;
  chan_send(c, v);
  return 0;
}
