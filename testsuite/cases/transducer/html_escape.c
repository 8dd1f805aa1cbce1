// HtmlEscape (SANITIZERS.md, section 2.1): the five HTML-special bytes
// become entities, the five whitespace controls \r \n \v \f \t become one
// space each, and every other byte is copied. One state, no lookback.
#include <stdio.h>

int main(void) {
  int c;
  while ((c = getchar()) != EOF) {
    switch (c) {
    case '&':
      putchar('&'); putchar('a'); putchar('m'); putchar('p'); putchar(';');
      break;
    case '"':
      putchar('&'); putchar('q'); putchar('u'); putchar('o'); putchar('t');
      putchar(';');
      break;
    case '\'':
      putchar('&'); putchar('#'); putchar('3'); putchar('9'); putchar(';');
      break;
    case '<':
      putchar('&'); putchar('l'); putchar('t'); putchar(';');
      break;
    case '>':
      putchar('&'); putchar('g'); putchar('t'); putchar(';');
      break;
    case '\r':
    case '\n':
    case '\v':
    case '\f':
    case '\t':
      putchar(' ');
      break;
    default:
      putchar(c);
    }
  }
  return 0;
}
