// lore merge: branch A adds a call on one path, branch B on another; the
// merge keeps both, and nothing else (a).
void f(void) {}
void g(void) {}
void h(void) {}
int nondet_int(void);
int main(void) {
  int x = nondet_int();
  if (x == 1) { f(); h(); }
  else if (x == 2) { g(); }
  _Learn_assert(x == 0);
  return 0;
}
