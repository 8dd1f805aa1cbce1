// lore: --unwind 1
// expect: TRUE
// Integer promotion and conversion corner cases, all as gcc computes them.
int main(void) {
  unsigned char c = 255;
  signed char s = -1;
  unsigned int u = 1;
  short h = -32768;
  if (c + 1 != 256) reach_error();
  if ((unsigned char)(c + 1) != 0) reach_error();
  if (s >= u) ; else reach_error();          /* -1 converts to UINT_MAX */
  if (s < 1) ; else reach_error();
  if (-h != 32768) reach_error();             /* promoted to int first */
  if ((short)-h != -32768) reach_error();
  if ((-7) / 2 != -3 || (-7) % 2 != -1) reach_error();
  if ((7u >> 1) != 3 || (-8 >> 1) != -4) reach_error();
  if ((unsigned)-1 / 2 != 2147483647u) reach_error();
  return 0;
}
