// lore: --unwind 2
// expect: FALSE
// A 24-byte struct returned by value, then its last field read.
struct S { long long a; int b; short c; char d; unsigned char e; };
static struct S make(int x) { struct S l = { 1, 2, 3, 4, 0 }; l.e = (unsigned char)x; return l; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S g = make(x);
  if (g.a == 1 && g.b == 2 && g.c == 3 && g.d == 4 && g.e == 200)
    reach_error();
  return 0;
}
