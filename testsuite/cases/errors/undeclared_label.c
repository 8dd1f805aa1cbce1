// expect-exit: 2
// expect-code: lore::unknown-identifier
int main(void) {
  goto nowhere;
  return 0;
}
