// JavascriptNumber (SANITIZERS.md, section 2.2): echo the whole input if it
// is a valid number, else write "null"; empty input gives empty output.
// Valid: exactly "true" or "false"; or '0', then 'x' or 'X', then at least
// one byte, all hex digits; or (otherwise) only bytes of [0-9+-.eE]. The
// answer comes at the end, so the input is kept: this port keeps at most
// MAX bytes and answers "null" for longer inputs (a bound of this port,
// not of the sanitizer).
#include <stdio.h>

#define MAX 256

static int is_hex(int c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
         (c >= 'A' && c <= 'F');
}

static int is_number_byte(int c) {
  return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' ||
         c == 'e' || c == 'E';
}

int main(void) {
  char buf[MAX];
  int n = 0;
  int too_long = 0;
  int valid = 1;
  int c, i;
  while ((c = getchar()) != EOF) {
    if (n < MAX) {
      buf[n] = (char)c;
      n++;
    } else {
      too_long = 1;
    }
  }
  if (n == 0) {
    return 0;
  }
  if (too_long) {
    valid = 0;
  } else if (n == 4 && buf[0] == 't' && buf[1] == 'r' && buf[2] == 'u' &&
             buf[3] == 'e') {
    valid = 1;
  } else if (n == 5 && buf[0] == 'f' && buf[1] == 'a' && buf[2] == 'l' &&
             buf[3] == 's' && buf[4] == 'e') {
    valid = 1;
  } else if (n > 2 && buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X')) {
    for (i = 2; i < n; i++) {
      if (!is_hex((unsigned char)buf[i])) {
        valid = 0;
      }
    }
  } else {
    for (i = 0; i < n; i++) {
      if (!is_number_byte((unsigned char)buf[i])) {
        valid = 0;
      }
    }
  }
  if (valid) {
    for (i = 0; i < n; i++) {
      putchar((unsigned char)buf[i]);
    }
  } else {
    putchar('n');
    putchar('u');
    putchar('l');
    putchar('l');
  }
  return 0;
}
