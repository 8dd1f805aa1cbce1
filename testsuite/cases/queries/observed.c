// The values a check records where it fails (SymexOptions::observe): the
// global g at two assertions; the second is reached from two calls, so it
// fails in two instances with different values.
unsigned char nondet_uchar(void);
void __CPROVER_assert(int, const char *);
int g[4];

static void at_most(unsigned char x, int limit) {
  __CPROVER_assert(x < limit, "b");
}

int main(void) {
  unsigned char x = nondet_uchar();
  for (int i = 0; i < 4; i++) {
    g[i] = (x >> i) & 3;
  }
  if (x & 1) {
    g[0] = 7;
    __CPROVER_assert(x < 200, "a");
  }
  g[3] = g[1] + g[2];
  if (x & 4) {
    g[2] = 9;
    at_most(x, 100);
  } else {
    at_most(x, 150);
  }
  return 0;
}
