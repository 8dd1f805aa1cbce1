// expect: TRUE | i <= n
// The loop guard suggests i <= n; it holds at the entry and is kept.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0;
  while (i < n) { i++; if (__VERIFIER_nondet_int()) break; }
  __VERIFIER_assert(i <= n);
  return 0;
}
