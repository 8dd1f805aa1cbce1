// JavascriptEscape over raw bytes (SANITIZERS.md, section 2.1, the byte
// variant of the two it recommends). The input is cut into UTF8CodeUnits:
// a lead byte 0xC0-0xDF starts a 2-byte unit, 0xE0-0xEF a 3-byte unit, any
// other byte is a unit by itself; a missing or malformed continuation byte
// (not 10xxxxxx, or the end of input) makes the unit 0xFFFD of one byte.
// Overlong forms are accepted (C0 A2 is '"'). Sixteen units are escaped
// (hex in lower case); any other unit, 0xFFFD included, is copied as the
// bytes it came from. Not real-time over bytes: a lead byte waits for up to
// two more bytes, kept in the window below. Like a streaming decoder, it
// stops waiting at the first byte that is not a continuation: that byte
// already makes the unit 0xFFFD, so the lead's output is not held back
// for a byte that cannot change it (reading the whole unit first computes
// the same function, with later output and more states).
#include <stdio.h>

static void put_hex_escape(int u) {
  int lo = u & 15;
  putchar('\\');
  putchar('x');
  putchar('0' + (u >> 4));
  putchar(lo < 10 ? '0' + lo : 'a' + lo - 10);
}

int main(void) {
  int win[3]; // bytes read but not yet consumed, oldest first
  int n = 0;
  int eof = 0;
  int c, b, need, ok, len, u, i;
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
    need = 1;
    if (b >= 0xC0 && b <= 0xDF) {
      need = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
      need = 3;
    }
    while (n < need && !eof && (n == 1 || (win[n - 1] & 0xC0) == 0x80)) {
      c = getchar();
      if (c == EOF) {
        eof = 1;
      } else {
        win[n] = c;
        n++;
      }
    }
    ok = n >= need;
    for (i = 1; ok && i < need; i++) {
      if ((win[i] & 0xC0) != 0x80) {
        ok = 0;
      }
    }
    if (need == 1) {
      u = b;
      len = 1;
    } else if (ok) {
      u = b & (0xFF >> need);
      for (i = 1; i < need; i++) {
        u = (u << 6) | (win[i] & 0x3F);
      }
      len = need;
    } else {
      u = 0xFFFD;
      len = 1;
    }
    switch (u) {
    case 0x00: put_hex_escape(u); break;
    case '"': put_hex_escape(u); break;
    case '\'': put_hex_escape(u); break;
    case '\\': putchar('\\'); putchar('\\'); break;
    case '\t': putchar('\\'); putchar('t'); break;
    case '\r': putchar('\\'); putchar('r'); break;
    case '\n': putchar('\\'); putchar('n'); break;
    case 0x08: putchar('\\'); putchar('b'); break;
    case 0x0C: putchar('\\'); putchar('f'); break;
    case '&': put_hex_escape(u); break;
    case '<': put_hex_escape(u); break;
    case '>': put_hex_escape(u); break;
    case '=': put_hex_escape(u); break;
    case 0x0B: put_hex_escape(u); break;
    case 0x2028:
    case 0x2029:
      putchar('\\'); putchar('u'); putchar('2'); putchar('0'); putchar('2');
      putchar(u == 0x2028 ? '8' : '9');
      break;
    default:
      for (i = 0; i < len; i++) {
        putchar(win[i]);
      }
    }
    for (i = len; i < n; i++) {
      win[i - len] = win[i];
    }
    n = n - len;
  }
  return 0;
}
