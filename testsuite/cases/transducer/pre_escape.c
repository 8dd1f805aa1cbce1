// PreEscape (SANITIZERS.md, section 2.1): HtmlEscape's five entity rules
// (& " ' < > become &amp; &quot; &#39; &lt; &gt;) and nothing else: unlike
// HtmlEscape, whitespace is copied unchanged, as is every other byte.
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
    default:
      putchar(c);
    }
  }
  return 0;
}
