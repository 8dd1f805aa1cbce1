// lore: --unwind 2
// expect: TRUE
// Increments and decrements of a `_Bool` bit-field convert back to _Bool:
// b++ gives 1, b-- toggles (0 - 1 converts to 1), b += 2 gives 1.
struct S { unsigned long long pad : 61; _Bool b : 1; unsigned char c : 2; } s;
int main(void) {
  s.pad = 0x1fffffffffffffffULL;
  s.b++;
  if (s.b != 1) reach_error();
  s.b++;
  if (s.b != 1) reach_error();
  s.b--;
  if (s.b != 0) reach_error();
  s.b--;
  if (s.b != 1) reach_error();
  s.b = 0;
  s.b += 2;
  if (s.b != 1) reach_error();
  if (s.pad != 0x1fffffffffffffffULL || s.c != 0) reach_error();
  return 0;
}
