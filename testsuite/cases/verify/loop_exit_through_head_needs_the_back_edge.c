// lore: --unwind 1
// expect: TRUE
// Leaving a `while` loop through its condition after one run of the body
// takes the back edge, which --unwind 1 forbids: n == 1 is out of bounds
// (CBMC 6.6 --unwind 1 --no-unwinding-assertions: SUCCESS).
extern int nondet_int(void);
int main(void) {
  int n = 0;
  while (nondet_int())
    n++;
  __CPROVER_assert(n != 1, "the body ran once");
  return 0;
}
