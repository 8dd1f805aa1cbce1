// lore: --unwind 1
// expect: FALSE
// `for (;;)` with a `break`: at --unwind 1 the body runs once (CBMC 6.6:
// FAILURE), as in the paper's programs whose command loops are `for (;;)`.
extern int nondet_int(void);
int main(void) {
  int n = 0;
  for (;;) {
    n++;
    if (nondet_int())
      break;
  }
  __CPROVER_assert(n != 1, "the body ran once");
  return 0;
}
