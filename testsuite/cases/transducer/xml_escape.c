// XmlEscape (SANITIZERS.md, section 2.1), the 2011 version: control bytes
// 0x00-0x1F other than \t \r \n become one space, & " ' < > become the same
// five entities as in HtmlEscape (' is &#39;), and everything else (\t, \r,
// \n and bytes >= 0x80 included) is copied. The 2010 version, which copied
// the control bytes too, is not written here.
#include <stdio.h>

int main(void) {
  int c;
  while ((c = getchar()) != EOF) {
    if (c == '&') {
      putchar('&'); putchar('a'); putchar('m'); putchar('p'); putchar(';');
    } else if (c == '"') {
      putchar('&'); putchar('q'); putchar('u'); putchar('o'); putchar('t');
      putchar(';');
    } else if (c == '\'') {
      putchar('&'); putchar('#'); putchar('3'); putchar('9'); putchar(';');
    } else if (c == '<') {
      putchar('&'); putchar('l'); putchar('t'); putchar(';');
    } else if (c == '>') {
      putchar('&'); putchar('g'); putchar('t'); putchar(';');
    } else if (c < 0x20 && c != '\t' && c != '\r' && c != '\n') {
      putchar(' ');
    } else {
      putchar(c);
    }
  }
  return 0;
}
