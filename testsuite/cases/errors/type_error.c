// expect-exit: 2
// expect-code: lore::type
struct s { int a; };
int main(void) {
  struct s v;
  int x = v + 1;
  return x;
}
