// lore diff: prepare() hoisted out of both branches; the calls are the same.
void prepare(void) {}
void send(int v) {}
void log_value(int v) {}
int main(void) {
  int x = __VERIFIER_nondet_int();
  for (int i = 0; i < 2; i++) {
    prepare();
    if (x > i)
      send(x);
    else
      log_value(x);
  }
  return 0;
}
