// expect-exit: 2
// expect-code: lore::unsupported
int main(void) {
  int x = 0;
  __asm__("nop");
  return x;
}
