// expect-exit: 2
// expect-code: lore::syntax
int main(void) {
  int x = 1
  return x;
}
