// 4-bit symbols, a decoder in miniature: a lead (12 or 13) waits for the
// next symbol; with a continuation (8 to 11) after it the two are one
// unit, written as 15 after a 12 and copied after a 13. A lead without
// one is copied on its own and the symbol after it starts again; 5 is
// written as 0; anything else is copied. The pending symbols are kept in
// a window, as JavascriptEscape over bytes keeps them, so a proof for
// every length must relate the window to the transducer's state.
#include <stdio.h>

int main(void) {
  int win[2];
  int n = 0;
  int eof = 0;
  int c, b, need, i;
  for (;;) {
    if (n == 0) {
      c = getchar();
      if (c == EOF) {
        break;
      }
      win[0] = c;
      n = 1;
    }
    b = win[0];
    need = (b == 12 || b == 13) ? 2 : 1;
    while (n < need && !eof) {
      c = getchar();
      if (c == EOF) {
        eof = 1;
      } else {
        win[n] = c;
        n++;
      }
    }
    if (need == 2 && n == 2 && win[1] >= 8 && win[1] <= 11) {
      if (b == 12) {
        putchar(15);
      } else {
        putchar(win[0]);
        putchar(win[1]);
      }
      n = 0;
    } else {
      putchar(b == 5 ? 0 : b);
      for (i = 1; i < n; i++) {
        win[i - 1] = win[i];
      }
      n = n - 1;
    }
  }
  return 0;
}
