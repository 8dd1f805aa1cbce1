// EncodeHtml (SANITIZERS.md, section 2.1, AntiXSS): letters, digits, space
// and . , - _ are copied; any other symbol c becomes &#, the decimal value
// of c without leading zeros, then ;. Symbols are bytes read as unsigned
// 0-255 (the file leaves bytes >= 0x80 open; this port encodes them like
// the rest, e.g. 0xE9 becomes &#233;), so one to three digits.
#include <stdio.h>

int main(void) {
  int c;
  while ((c = getchar()) != EOF) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
        (c >= '0' && c <= '9') || c == ' ' || c == '.' || c == ',' ||
        c == '-' || c == '_') {
      putchar(c);
    } else {
      putchar('&');
      putchar('#');
      if (c >= 100) {
        putchar('0' + c / 100);
      }
      if (c >= 10) {
        putchar('0' + (c / 10) % 10);
      }
      putchar('0' + c % 10);
      putchar(';');
    }
  }
  return 0;
}
