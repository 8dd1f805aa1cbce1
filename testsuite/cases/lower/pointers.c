// Pointers: arithmetic, pointer to pointer, to members, casts to and from
// integers, NULL, comparisons, function pointers.
#include <stddef.h>
struct s { int a; int b[4]; };
int twice(int x) { return 2 * x; }

int main(void) {
  int x = 1, y = 2;
  int *p = &x;
  int **pp = &p;
  struct s v;
  struct s *ps = &v;
  int *member = &ps->b[2];
  int *q = member - 1;
  long diff = member - q;
  unsigned long addr = (unsigned long)p;
  int *back = (int *)addr;
  void *untyped = p;
  int (*fp)(int) = twice;
  int (*fp2)(int) = &twice;
  *pp = &y;
  **pp = 5;
  q[1] = 4;
  *(member + 1) = 3;
  if (p != NULL && back == &x && untyped != 0)
    x = fp(x) + (*fp2)(y);
  return x + (int)diff + (p > q) + (int)offsetof(struct s, b[1]);
}
