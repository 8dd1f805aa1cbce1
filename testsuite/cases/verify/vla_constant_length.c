// lore: --unwind 4 --unwinding-assertions
// expect: FALSE
// A variable-length array whose length is known once execution reaches it.
int main(void) {
  unsigned int n = 3;
  int a[n][n - 1];
  for (unsigned i = 0; i < n; i++)
    a[i][1] = i * 10;
  if (a[2][1] == 20 && sizeof(a) == 24)
    reach_error();
  return 0;
}
