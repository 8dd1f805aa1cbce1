// lore: --unwind 4 --memory-leak-check --memory-cleanup-check --pointer-check
// models: ilp32 lp64
// expect: TRUE
// Built, then freed block by block: nothing left.
#include <stdlib.h>
struct node { struct node *next; int v; };
int main(void) {
  struct node *head = 0;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->next = head;
    n->v = i;
    head = n;
  }
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
