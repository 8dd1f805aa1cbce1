// lore: --unwind 2
// expect: FALSE
// A compound assignment to a `_Bool` bit-field reads it first; the path
// must go on past it (was a wrong TRUE with 0 solver calls).
struct S { unsigned char f0 : 3; _Bool f1 : 1; };
struct S s;
int main(void) {
  s.f1 *= 2;
  reach_error();
  return 0;
}
