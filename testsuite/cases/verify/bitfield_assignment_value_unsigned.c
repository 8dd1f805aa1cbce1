// lore: --unwind 3 --unwinding-assertions
// models: ilp32 lp64
// expect: TRUE
// 33 stored in an unsigned 4-bit field is 1, and so is the assignment's
// value (Lore used 33: a wrong FALSE).
struct S { unsigned u : 4; };
int main(void) { struct S s; int b = (s.u = 33); if (b != 1) reach_error(); return 0; }
