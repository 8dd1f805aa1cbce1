// expect: TRUE | x - y == x@entry - y@entry
// Not 1-inductive alone: the difference of x and y, kept by every
// iteration, is the invariant the step case needs.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  unsigned x = 5, y = 0;
  while (__VERIFIER_nondet_int()) { x++; y++; }
  __VERIFIER_assert(x != y);
  return 0;
}
