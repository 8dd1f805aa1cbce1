// CssUrlEscape (SANITIZERS.md, section 2.1): ten bytes that could end or
// break out of a CSS url(...) (LF, CR, quotes, parentheses, star, angle
// brackets, backslash) become %XX with upper-case hex; all others are copied.
#include <stdio.h>

int main(void) {
  int c;
  int hi;
  int lo;
  while ((c = getchar()) != EOF) {
    if (c == '\n' || c == '\r' || c == '"' || c == '\'' || c == '(' ||
        c == ')' || c == '*' || c == '<' || c == '>' || c == '\\') {
      hi = c >> 4;
      lo = c & 15;
      putchar('%');
      putchar('0' + hi);
      putchar(lo < 10 ? '0' + lo : 'A' + lo - 10);
    } else {
      putchar(c);
    }
  }
  return 0;
}
