// lore: --unwind 2 --max-word-length 5
// The assertion never fails: the language of error is empty.
int x;
void f(void) { x = 1; }
int main(void) {
  f();
  _Learn_assert(x == 1);
  return 0;
}
