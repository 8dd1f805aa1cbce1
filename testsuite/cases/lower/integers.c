// Every integer type, _Bool, promotions and the usual arithmetic conversions.
int main(void) {
  char c = 'a';
  signed char sc = -1;
  unsigned char uc = 255;
  short s = -2;
  unsigned short us = 65535;
  int i = -3;
  unsigned int u = 4u;
  long l = 5l;
  unsigned long ul = 6ul;
  long long ll = -7ll;
  unsigned long long ull = 8ull;
  _Bool b = 2;             /* becomes 1: conversion to _Bool compares with 0 */
  int promoted = uc + sc;  /* both promote to int */
  unsigned mixed = i + u;  /* int converts to unsigned int */
  long long wide = ll * u; /* unsigned int converts to long long */
  int shifted = c << 2;
  unsigned neg = -u;
  int bits = ~s & 0xff | us ^ 1;
  int div = i / 2 % 3;
  int cmp = (u > i) + (s < us);
  int chars = '\n' + '\x41' + '\101' + '\0';
  int hex = 0x7fffffff;
  long big = 2147483648;   /* does not fit int: long long in ILP32 */
  unsigned int big_hex = 0x80000000; /* fits unsigned int */
  unsigned long sizes = sizeof(char) + sizeof(short) + sizeof(int) + sizeof(long) + sizeof(long long) + sizeof(void *);
  return b + promoted + mixed + wide + shifted + neg + bits + div + cmp + chars + hex + big + big_hex + sizes + ul + ull + l;
}
