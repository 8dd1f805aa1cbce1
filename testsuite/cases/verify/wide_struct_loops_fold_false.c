// lore: --unwind 100 --unwinding-assertions
// expect: FALSE
// Loop counters in a 28-byte struct (fields past bit 128): the object is a
// concatenation of constants, and reads across the pieces still fold, so
// the loops end concretely; the error after them is reached).
struct W { long long a; long long b; int c; short d; char e; int i; } w;
int main(void) {
  for (w.i = 0; w.i < 9; w.i++)
    for (w.c = 0; w.c < 9; w.c++)
      for (w.d = 0; w.d < 9; w.d++)
        w.e++;
  if (w.e == (char)(9 * 9 * 9))
    reach_error();
  return 0;
}
