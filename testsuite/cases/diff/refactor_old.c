// lore diff: with refactor_new.c, the same behaviour written differently.
void prepare(void) {}
void send(int v) {}
void log_value(int v) {}
int main(void) {
  int x = __VERIFIER_nondet_int();
  for (int i = 0; i < 2; i++) {
    if (x > i) {
      prepare();
      send(x);
    } else {
      prepare();
      log_value(x);
    }
  }
  return 0;
}
