// Memory safe: it allocates, writes, frees; nothing leaks (valid-memtrack)
// and nothing is dereferenced outside its block.
#include <stdlib.h>
int main(void) {
  int *p = malloc(2 * sizeof(int));
  if (p == 0) {
    return 0;
  }
  p[1] = 3;
  int r = p[1] - 3;
  free(p);
  return r;
}
