// lore: --unwind 1
// expect: FALSE
// A table of operations picked by an unknown index: only `sub` reaches the error.
extern int __VERIFIER_nondet_int(void);
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int (*const ops[2])(int, int) = { add, sub };
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 1)
    return 0;
  if (ops[i](3, 2) == 1)
    reach_error();
  return 0;
}
