// JavascriptEscape over 16-bit units (SANITIZERS.md, section 2.1, the unit
// variant: Sigma*'s "16 data bits", a one-state transducer with 17 guard
// classes). Each symbol is one UTF8CodeUnit (0x0000-0xFFFF, 0xFFFD for a
// malformed sequence) as the file's decoding table produces it; the
// decoding itself is not done here. Sixteen units become escapes (hex in
// lower case), written one ASCII character per unit; every other unit is
// copied as the unit itself (the unit stands for the bytes it came from).
// Symbols are 16-bit units: read_unit/write_unit combine two bytes,
// little-endian; an odd last byte is ignored.
#include <stdio.h>

int read_unit(void) {
  int lo = getchar();
  int hi;
  if (lo == EOF) {
    return -1;
  }
  hi = getchar();
  if (hi == EOF) {
    return -1;
  }
  return lo | (hi << 8);
}

void write_unit(int u) {
  putchar(u & 0xFF);
  putchar((u >> 8) & 0xFF);
}

static void put_hex_escape(int u) {
  int lo = u & 15;
  write_unit('\\');
  write_unit('x');
  write_unit('0' + (u >> 4));
  write_unit(lo < 10 ? '0' + lo : 'a' + lo - 10);
}

int main(void) {
  int u;
  while ((u = read_unit()) != -1) {
    switch (u) {
    case 0x00: put_hex_escape(u); break;
    case '"': put_hex_escape(u); break;
    case '\'': put_hex_escape(u); break;
    case '\\': write_unit('\\'); write_unit('\\'); break;
    case '\t': write_unit('\\'); write_unit('t'); break;
    case '\r': write_unit('\\'); write_unit('r'); break;
    case '\n': write_unit('\\'); write_unit('n'); break;
    case 0x08: write_unit('\\'); write_unit('b'); break;
    case 0x0C: write_unit('\\'); write_unit('f'); break;
    case '&': put_hex_escape(u); break;
    case '<': put_hex_escape(u); break;
    case '>': put_hex_escape(u); break;
    case '=': put_hex_escape(u); break;
    case 0x0B: put_hex_escape(u); break;
    case 0x2028:
    case 0x2029:
      write_unit('\\'); write_unit('u'); write_unit('2'); write_unit('0');
      write_unit('2');
      write_unit(u == 0x2028 ? '8' : '9');
      break;
    default:
      write_unit(u);
    }
  }
  return 0;
}
