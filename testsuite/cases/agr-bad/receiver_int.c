// ... which this program receives as an int: a type mismatch.
#include <lore_agr.h>
int w;
int main(void) {
  w = chan_recv(c);
  return 0;
}
