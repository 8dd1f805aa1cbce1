// lore: --unwind 2 --pointer-check
// expect: TRUE
// realloc to a smaller block keeps the leading bytes.
#include <stdlib.h>
int main(void) {
  char *p = malloc(8);
  if (!p)
    return 0;
  p[0] = 'h';
  p[1] = 'i';
  char *q = realloc(p, 2);
  if (q && (q[0] != 'h' || q[1] != 'i'))
    reach_error();
  free(q);
  return 0;
}
