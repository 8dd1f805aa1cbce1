// lore: --unwind 2 --undefined-shift-check
// expect: FALSE
// A shift by a distance not below the width of the promoted left operand
// is undefined (C11 6.5.7p3), as is a negative value shifted left (p4);
// CBMC 6 checks both by default (--undefined-shift-check).
int shift(int s) { return 1 << s; }
int main(void) {
  int s = __VERIFIER_nondet_int();
  unsigned char c = 1;
  int ok = c << 8; /* c is promoted to int: 8 < 32 */
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0 && x < 100);
  x = x + 1;
  return shift(s) + ok + x;
}
