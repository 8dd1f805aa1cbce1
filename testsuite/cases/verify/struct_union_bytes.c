// lore: --unwind 1
// expect: TRUE
// Unions share bytes (little-endian); struct fields and bit-fields are separate.
union word { unsigned int u; unsigned char b[4]; };
struct flags { unsigned a : 3; unsigned b : 5; int c : 4; };
int main(void) {
  union word w;
  struct flags f;
  w.u = 0x11223344;
  if (w.b[0] != 0x44 || w.b[3] != 0x11) reach_error();
  f.a = 9;        /* keeps the low 3 bits: 1 */
  f.b = 31;
  f.c = -2;
  if (f.a != 1 || f.b != 31 || f.c != -2) reach_error();
  return 0;
}
