// lore: --unwind 1
// expect: FALSE
// CBMC counts the bound at the back edge: with --unwind 1 a loop never
// jumps back, but its body can still run once and leave by `break`, so
// n == 1 is reachable (CBMC 6.6 --unwind 1 --no-unwinding-assertions:
// FAILURE). Lore used to cut where the body is entered.
extern int nondet_int(void);
int main(void) {
  int n = 0;
  while (nondet_int()) {
    n++;
    if (nondet_int())
      break;
  }
  __CPROVER_assert(n != 1, "the body ran once");
  return 0;
}
