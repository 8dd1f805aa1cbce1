// CleanseCss (SANITIZERS.md, section 2.1): a filter with two guard classes.
// Letters, digits, space and _ . , ! # % - are copied; every other byte,
// including all bytes >= 0x80, is dropped.
#include <stdio.h>

int main(void) {
  int c;
  while ((c = getchar()) != EOF) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
        (c >= '0' && c <= '9') || c == ' ' || c == '_' || c == '.' ||
        c == ',' || c == '!' || c == '#' || c == '%' || c == '-') {
      putchar(c);
    }
  }
  return 0;
}
