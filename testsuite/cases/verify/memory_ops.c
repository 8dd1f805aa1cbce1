// lore: --unwind 2 --pointer-check
// expect: FALSE
// memset, memcpy into a struct and memmove over itself, then a check that
// fails only through the copied bytes.
#include <string.h>
struct pair { int a; char tag[4]; };
int main(void) {
  struct pair p, q;
  memset(&p, 0, sizeof p);
  p.a = __VERIFIER_nondet_int();
  memcpy(p.tag, "xyz", 4);
  memcpy(&q, &p, sizeof p);
  char buf[6] = "abcde";
  memmove(buf + 1, buf, 4);
  if (buf[1] != 'a' || buf[4] != 'd' || q.tag[1] != 'y')
    return 0;
  if (q.a == 42)
    reach_error();
  return 0;
}
