// expect-exit: 2
// expect-code: lore::type
// A file-scope initialiser must be a constant expression; 1/0 is not
// (gcc: "initializer element is not constant"). Lore used to answer FALSE.
int g = 1 / 0;
int main(void) {
  if (g)
    reach_error();
  return 0;
}
