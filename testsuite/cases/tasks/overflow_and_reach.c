// A task with two properties: reach_error is never called (unreach-call
// holds), but x + 1 overflows for the largest int (no-overflow fails).
// Termination is listed but not checked by Lore.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x + 1;
  if (x > 5 && x < 3 && y != 0) {
    reach_error();
  }
  return 0;
}
