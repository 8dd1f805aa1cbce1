// lore: --unwind 4 --memory-leak-check
// models: ilp32 lp64
// expect: FALSE
// The list's last block is cut off: lost (gcc's LeakSanitizer and valgrind
// agree: one block definitely lost, two still reachable).
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
  head->next->next = 0;
  return 0;
}
