// lore: --unwind 4 --memory-cleanup-check
// models: ilp32 lp64
// expect: FALSE
// The same list is not freed: valid-memcleanup fails.
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
