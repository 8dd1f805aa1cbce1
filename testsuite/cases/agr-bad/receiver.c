// lore agr: receives an int on `c`.
#include <lore_agr.h>
int w;
int main(void) {
  w = chan_recv(c);
  return 0;
}
