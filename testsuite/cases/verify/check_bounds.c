// lore: --unwind 6 --bounds-check
// expect: FALSE
// The loop writes one element past the end.
int main(void) {
  int a[4];
  for (int i = 0; i <= 4; i++)
    a[i] = i;
  return a[0];
}
