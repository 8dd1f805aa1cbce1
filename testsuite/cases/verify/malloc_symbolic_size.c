// lore: --unwind 6 --unwinding-assertions
// expect: FALSE
// A heap array whose size is known only at run time.
#include <stdlib.h>
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 1 && n <= 4);
  int *a = malloc(n * sizeof(int));
  if (!a)
    return 0;
  for (unsigned i = 0; i < n; i++)
    a[i] = (int)i * 10;
  if (a[n - 1] == 30)
    reach_error();
  return 0;
}
