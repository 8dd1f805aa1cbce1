// Three rounds choose `a` or `b`, then `c` may reset the sum: the assertion
// fails when the sum is 4 (two `a`s and one `b`) or when `c` ran. Only
// globals, so the nondet choices are the only inputs.
int x, i;
void a(void) { x += 1; }
void b(void) { x += 2; }
void c(void) { x = 0; }
int main(void) {
  for (i = 0; i < 3; i++) {
    if (__VERIFIER_nondet_bool())
      a();
    else
      b();
  }
  if (__VERIFIER_nondet_bool())
    c();
  _Learn_assert(x != 4 && x != 0);
  return 0;
}
