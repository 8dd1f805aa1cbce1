// expect-exit: 2
// expect-code: lore::unknown-identifier
int main(void) {
  return missing + 1;
}
