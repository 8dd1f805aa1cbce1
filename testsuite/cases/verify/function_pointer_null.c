// lore: --unwind 1
// expect: UNKNOWN
// Calling a null function pointer is undefined; Lore says so instead of guessing.
void (*handler)(void);
int main(void) {
  handler();
  reach_error();
  return 0;
}
