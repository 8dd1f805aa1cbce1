// Heap and stack memory: malloc, calloc, realloc, free, alloca, memset, memcpy.
#include <stdlib.h>
#include <string.h>
struct node { int value; struct node *next; };

int main(void) {
  struct node *n = malloc(sizeof(struct node));
  int *zeros = calloc(4, sizeof(int));
  int *grown;
  char *scratch = alloca(16);
  if (n == 0)
    return 1;
  n->next = 0;
  n->value = 3;
  memset(scratch, 0, 16);
  memcpy(zeros, &n->value, sizeof(int));
  grown = realloc(zeros, 8 * sizeof(int));
  free(n);
  free(grown);
  return scratch[0];
}
