// JsonEscape (SANITIZERS.md, section 2.1): twelve byte classes. Quote,
// backslash, slash and the controls BS FF LF CR TAB become two-character
// backslash escapes; & < > become \u0026 \u003C \u003E (hex in upper case);
// every other byte, VT, NUL and the other control bytes included, is copied.
#include <stdio.h>

int main(void) {
  int c;
  while ((c = getchar()) != EOF) {
    switch (c) {
    case '"': putchar('\\'); putchar('"'); break;
    case '\\': putchar('\\'); putchar('\\'); break;
    case '/': putchar('\\'); putchar('/'); break;
    case 0x08: putchar('\\'); putchar('b'); break;
    case 0x0C: putchar('\\'); putchar('f'); break;
    case '\n': putchar('\\'); putchar('n'); break;
    case '\r': putchar('\\'); putchar('r'); break;
    case '\t': putchar('\\'); putchar('t'); break;
    case '&':
      putchar('\\'); putchar('u'); putchar('0'); putchar('0'); putchar('2');
      putchar('6');
      break;
    case '<':
      putchar('\\'); putchar('u'); putchar('0'); putchar('0'); putchar('3');
      putchar('C');
      break;
    case '>':
      putchar('\\'); putchar('u'); putchar('0'); putchar('0'); putchar('3');
      putchar('E');
      break;
    default:
      putchar(c);
    }
  }
  return 0;
}
