// UrlQueryEscape (SANITIZERS.md, section 2.1): letters, digits and
// . , _ * / ~ ! ( ) - are copied, space becomes +, and any other byte b
// (taken as unsigned) becomes % followed by the upper-case hex digits of
// b >> 4 and b & 15.
#include <stdio.h>

int main(void) {
  int c;
  int hi;
  int lo;
  while ((c = getchar()) != EOF) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
        (c >= '0' && c <= '9') || c == '.' || c == ',' || c == '_' ||
        c == '*' || c == '/' || c == '~' || c == '!' || c == '(' ||
        c == ')' || c == '-') {
      putchar(c);
    } else if (c == ' ') {
      putchar('+');
    } else {
      hi = c >> 4;
      lo = c & 15;
      putchar('%');
      putchar(hi < 10 ? '0' + hi : 'A' + hi - 10);
      putchar(lo < 10 ? '0' + lo : 'A' + lo - 10);
    }
  }
  return 0;
}
