// lore: --unwind 3 --unwinding-assertions --pointer-check
// expect: FALSE
// Writing through a pointer to a pointer redirects a later write: the
// assertion fails only when `pp` was pointed at `q` and `q` at `y`.
int x, y;
void redirect(int **pp, int *target) { *pp = target; }
int main(void) {
  int *p = &x, *q = &x;
  int **pp = __VERIFIER_nondet_int() ? &p : &q;
  redirect(pp, &y);
  *q = 5;
  **pp = **pp + 1;
  if (x == 0 && y == 6)
    reach_error();
  return 0;
}
