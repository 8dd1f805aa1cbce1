// lore diff: the new version reports a negative input before processing it.
void init(void) {}
void process(void) {}
void report(void) {}
int main(void) {
  init();
  int n = __VERIFIER_nondet_int();
  if (n < 0)
    report();
  if (n != 0)
    process();
  report();
  return 0;
}
