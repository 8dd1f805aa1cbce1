// lore: --unwind 1
// expect: TRUE
// A bit-field narrower than int is promoted to int, but cast to its own
// declared type it is an ordinary value of that type: the shift below is
// computed in 64 bits (gcc: 0x8000000000000000). Lore dropped the cast and
// shifted in int (a wrong FALSE; found by the differential tests).
struct S { unsigned long long f : 11; } s = { 0xffffffffffffffffULL };
int main(void) {
  unsigned long long x = (unsigned long long)s.f << 63;
  if (x != 0x8000000000000000ULL || s.f != 0x7ff)
    reach_error();
  return 0;
}
