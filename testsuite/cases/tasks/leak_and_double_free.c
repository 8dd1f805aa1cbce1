// Memory safety: a block freed twice on one path (valid-free fails).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (p == 0) {
    return 0;
  }
  free(p);
  if (__VERIFIER_nondet_int()) {
    free(p);
  }
  return 0;
}
