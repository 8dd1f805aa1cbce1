// lore: --unwind 3
// models: ilp32 lp64
// expect: FALSE
// The same values as bitfield_assignment_values.c, each used where a
// wrong one would miss the error: every branch below is taken.
struct S { unsigned u : 4; signed f : 3; _Bool b : 1; };
int f(int v) { return v; }
int main(void) {
  struct S s = {0};
  int hits = 0;
  if ((s.u += 20) == 4) hits++;
  s.f = 3; if (++s.f == -4) hits++;
  if (f(s.b = 2) == 1) hits++;
  if ((s.u = 0) - 1 < 0) hits++;
  for (s.f = 1; (s.f += 2) > 0;) hits++;
  if (hits == 5) reach_error();
  return 0;
}
