// lore: --unwind 2 --max-word-length 5
// A call through a function pointer: `run(a)` when x == 0, and only then
// the assertion fails. The language is exactly run · a · Learn_Assert.
void a(void) {}
void b(void) {}
void run(void (*cb)(void)) { cb(); }
int main(void) {
  int x = nondet_int();
  run(x ? b : a);
  _Learn_assert(x != 0);
  return 0;
}
