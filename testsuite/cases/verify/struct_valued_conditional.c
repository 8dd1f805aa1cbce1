// lore: --unwind 2
// expect: FALSE
// A struct-valued `?:` is replayed (was UNKNOWN: "an aggregate value that is
// not a variable"); gcc reaches the error.
struct S { int f; };
int main(void) { struct S a = {1}, b = {2}, c; int k = 1; c = k ? a : b; if (c.f == 1) reach_error(); return 0; }
