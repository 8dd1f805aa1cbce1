// lore: --unwind 4 --max-word-length 6
// In the spirit of the paper's Fig. 2: `f` runs in a loop before `g`
// checks; the check fails after two calls of `f` or more.
int x;
void f(void) { x++; }
void g(void) { _Learn_assert(x < 2); }
int main(void) {
  while (__VERIFIER_nondet_int())
    f();
  g();
  return 0;
}
