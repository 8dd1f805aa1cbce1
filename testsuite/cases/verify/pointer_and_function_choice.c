// lore: --unwind 2
// expect: FALSE
// A pointer to one of two objects and one of two functions: `lore show ssa`
// prints addresses as objects (`&x`, `&f`) and which object a pointer
// points to as `object(p) == x`.
int x, y;
void f(void) {}
void g(void) {}
int main(void) {
  int c = __VERIFIER_nondet_int();
  int *p = c ? &x : &y;
  void (*h)(void) = c ? f : g;
  *p = 3;
  h();
  if (x == 3)
    reach_error();
  return 0;
}
