// lore: --unwind 4 --unwinding-assertions
// expect: TRUE
// A three-node list built with malloc and walked back: the sum is known.
#include <stdlib.h>
struct node { int value; struct node *next; };
int main(void) {
  struct node *head = 0;
  for (int i = 1; i <= 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->value = i;
    n->next = head;
    head = n;
  }
  int sum = 0;
  for (struct node *n = head; n; n = n->next)
    sum += n->value;
  if (sum != 6)
    reach_error();
  return 0;
}
