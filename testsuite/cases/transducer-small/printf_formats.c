// Output written with printf and constant formats, which the front end
// turns into calls of the harness's printf functions: literal text, %c,
// %s, %d of a negative value, a zero-padded %02X, a space-padded %3u, a
// 64-bit %lld (negative too), an %o, and a format chosen by `?:` among
// three. Compared with gcc's output on every input of one symbol.
#include <stdio.h>

int main(void) {
  int c;
  while ((c = getchar()) != EOF) {
    if (c == '<')
      printf("&lt;");
    else if (c == '"')
      printf("%s", "&quot;");
    else if (c < 16)
      printf("\\x%02X", c);
    else if (c < 32)
      printf("[%3u]", c);
    else if (c >= 0xF0)
      printf("(%d)", c - 0xF8);
    else if (c >= 0xE8)
      printf("%lld", (long long)c - 0xEC);
    else if (c >= 0xE0)
      printf("%o", c);
    else if (c >= 0xD0)
      printf(c & 1 ? "<%x>" : c & 2 ? "(%u)" : "[%c]", c);
    else
      printf("%c", c);
  }
  return 0;
}
