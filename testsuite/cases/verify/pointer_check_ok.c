// lore: --unwind 3 --unwinding-assertions --pointer-check
// expect: TRUE
// Dereferences only of live objects, inside them; one free per block.
#include <stdlib.h>
struct node { int v; struct node *next; };
int main(void) {
  struct node *head = 0;
  for (int i = 0; i < 2; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      return 0;
    n->v = i;
    n->next = head;
    head = n;
  }
  int sum = 0;
  while (head) {
    struct node *next = head->next;
    sum += head->v;
    free(head);
    head = next;
  }
  free(0);
  return sum;
}
