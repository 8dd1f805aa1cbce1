// lore: --unwind 2
// expect: FALSE
// Storing 2 into a `_Bool` bit-field stores 1 (C11 6.3.1.2), and reading
// the one-bit field at bit 3 of its byte gives it back (was a wrong TRUE:
// the read took 8 bits from bit 3 and ran past the storage unit).
struct S { unsigned char f0 : 3; _Bool f1 : 1; };
struct S s;
int main(void) {
  s.f1 = 2;
  if (s.f1 == 1)
    reach_error();
  return 0;
}
