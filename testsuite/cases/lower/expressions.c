// Expressions: compound assignment, ++/--, ternary, comma, short-circuit &&
// and || (with and without side effects), sizeof, casts, string literals.
int effect(int *p) { return ++*p; }

int main(void) {
  int a = 1, b = 2, c;
  int arr[3] = { 0 };
  int *p = arr;
  a += b;
  a -= 1; a *= 3; a /= 2; a %= 5; a <<= 1; a >>= 1; a &= 7; a |= 8; a ^= 2;
  c = a++ + ++b;
  c = b-- - --a;
  *p++ = 4;
  p[0]++;
  c = a > b ? a : b;
  c = (a = 3, b = 4, a + b);
  c = a && b;
  c = a || effect(&b);        /* effect() runs only when a is 0 */
  c = (a > 0) ? effect(&a) : 0;
  c = !a + -b + ~c;
  c = (unsigned char)300 + (short)-1 + (int)2.75;
  c += sizeof(int[10]) + sizeof arr + sizeof(a + 1.0);
  const char *s = "quote\" and \\ newline\n";
  return c + s[0] + (b = 5);
}
