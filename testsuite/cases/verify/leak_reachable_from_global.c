// lore: --unwind 4 --memory-leak-check
// models: ilp32 lp64
// expect: TRUE
// A list a global reaches is not a leak (valid-memtrack; CBMC 6.6's
// --memory-leak-check reports it, as valid-memcleanup would): every block
// is reached through the global, then through the blocks.
#include <stdlib.h>
struct node { struct node *next; int v; };
struct node *head;
int main(void) {
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->next = head;
    n->v = i;
    head = n;
  }
  return 0;
}
