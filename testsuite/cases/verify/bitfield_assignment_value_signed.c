// lore: --unwind 3 --unwinding-assertions
// models: ilp32 lp64
// expect: FALSE
// The value of an assignment to a bit-field is what the field holds
// afterwards (C11 6.5.16p3): 13 in a signed 3-bit field is -3 (gcc and
// CBMC reach the error; Lore used the right operand's value: a wrong TRUE).
struct S { signed f : 3; };
int g;
int main(void) { struct S s; g = (s.f = 13); if (g == -3) reach_error(); return 0; }
