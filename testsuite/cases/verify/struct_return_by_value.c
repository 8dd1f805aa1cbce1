// lore: --unwind 2
// expect: FALSE
// A struct returned by value keeps all its bytes in the replay too (the
// counterexample used to fail to replay: UNKNOWN instead of FALSE).
struct S { int a; };
static struct S f(void) { struct S l = {7}; return l; }
int main(void) {
  struct S g;
  g = f();
  if (g.a == 7)
    reach_error();
  return 0;
}
