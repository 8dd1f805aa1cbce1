// lore agr: M1 takes the value M2 reports on `val`.
#include <lore_agr.h>

int y;

int main(void) {
  y = chan_recv(val);
  return 0;
}
