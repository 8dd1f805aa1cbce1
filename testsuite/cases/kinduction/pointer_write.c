// expect: UNKNOWN | a write through a pointer
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int x = 0;
  int *p = &x;
  while (__VERIFIER_nondet_int()) { *p = 0; }
  __VERIFIER_assert(x == 0);
  return 0;
}
