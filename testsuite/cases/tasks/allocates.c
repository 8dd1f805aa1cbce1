// Memory safe, but it allocates: whether a block leaks (valid-memtrack)
// is not checked, so valid-memsafety is never claimed TRUE.
#include <stdlib.h>
int main(void) {
  int *p = malloc(2 * sizeof(int));
  if (p == 0) {
    return 0;
  }
  p[1] = 3;
  return p[1] - 3;
}
