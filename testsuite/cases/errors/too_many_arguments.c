// expect-exit: 2
// expect-code: lore::type
int f(int x) { return x; }
int main(void) {
  return f(1, 2);
}
