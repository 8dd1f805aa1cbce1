// CleanseAttribute (SANITIZERS.md, section 2.2): letters, digits and
// - . _ : are copied, '=' is copied unless it is the first or the last byte
// (then it becomes _), and every other byte becomes _. Written as the
// subsequential transducer the file describes: an '=' after the first byte
// is held back until the next byte shows it was not the last (then '='),
// and a held '=' at the end of input becomes _.
#include <stdio.h>

int main(void) {
  int first = 1;
  int held = 0; // an '=' not yet written
  int c;
  while ((c = getchar()) != EOF) {
    if (held) {
      putchar('=');
      held = 0;
    }
    if (c == '=') {
      if (first) {
        putchar('_');
      } else {
        held = 1;
      }
    } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
               (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
               c == ':') {
      putchar(c);
    } else {
      putchar('_');
    }
    first = 0;
  }
  if (held) {
    putchar('_');
  }
  return 0;
}
