// lore: --unwind 2 --undefined-shift-check --signed-overflow-check
// expect: TRUE
// Shifts within the rules: a guarded distance, a 64-bit operand shifted
// past 31, and a negative value shifted right (implementation-defined,
// not undefined: gcc shifts arithmetically).
int main(void) {
  int s = __VERIFIER_nondet_int();
  unsigned u = 0;
  if (s >= 0 && s < 32)
    u = 1u << s;
  unsigned long long v = 1ULL << 40;
  int n = -8 >> 1;
  if (n != -4 || v != 0x10000000000ULL)
    reach_error();
  return (int)(u & 1u);
}
