// lore: --unwind 1
// expect: TRUE
// Whichever handler a global pointer holds, each one keeps the counter positive.
extern int __VERIFIER_nondet_int(void);
int counter = 1;
void twice(void) { counter *= 2; }
void inc(void) { counter += 1; }
void (*handler)(void);
int main(void) {
  handler = __VERIFIER_nondet_int() ? twice : inc;
  handler();
  handler();
  if (counter <= 1)
    reach_error();
  return 0;
}
