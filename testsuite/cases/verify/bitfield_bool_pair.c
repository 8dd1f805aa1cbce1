// lore: --unwind 2
// expect: FALSE
// Two one-bit `_Bool` fields in one byte: the second sits at bit 1.
struct S { _Bool a : 1; _Bool b : 1; } s;
int main(void) {
  s.a = 0;
  s.b = 1;
  if (s.b && !s.a)
    reach_error();
  return 0;
}
