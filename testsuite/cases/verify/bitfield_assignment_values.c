// lore: --unwind 1
// models: ilp32 lp64
// expect: TRUE
// Compound assignments, increments and decrements to bit-fields used as
// values, chained and in conditions: each is what the field holds after
// (before, for a postfix one), promoted as gcc promotes a narrow field (to
// int, so `(s.u = 0) - 1` is -1). Every value checked here is gcc's.
struct S { unsigned u : 4; signed f : 3; _Bool b : 1; unsigned long long w : 8; };
int main(void) {
  struct S s = {0};
  int a = (s.u += 20); if (a != 4) reach_error();
  s.f = 3; int d = ++s.f; if (d != -4) reach_error();
  int e = (s.b = 2); if (e != 1) reach_error();
  s.u = 0; long long p = (long long)(s.u++ - 1); if (p != -1) reach_error();
  s.u = 0; long long q = (long long)((s.u = 0) - 1); if (q != -1) reach_error();
  s.w = 0; long long r = (long long)((s.w = 0) - 1); if (r != -1) reach_error();
  s.w = 0; long long r3 = (long long)(s.w++ - 1); if (r3 != -1) reach_error();
  s.u = 0; long long r4 = (long long)(--s.u - 1); if (r4 != 14) reach_error();
  s.f = 3; int x = s.f++; if (x != 3 || s.f != -4) reach_error();
  int y = s.f--; if (y != -4 || s.f != 3) reach_error();
  if ((s.f = 4) != -4) reach_error();
  int c = 0; if ((s.u = 16)) c = 1; if (c) reach_error();
  int z = s.u = s.f = 7; if (z != 15) reach_error();
  return 0;
}
