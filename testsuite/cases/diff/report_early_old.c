// lore diff: with report_early_new.c, a new call order appears.
void init(void) {}
void process(void) {}
void report(void) {}
int main(void) {
  init();
  int n = __VERIFIER_nondet_int();
  if (n > 0)
    process();
  report();
  return 0;
}
