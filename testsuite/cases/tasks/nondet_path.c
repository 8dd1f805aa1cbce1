// A FALSE task whose counterexample needs two nondet values and one
// branch: its witness and its harness are checked by the tests.
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char c = __VERIFIER_nondet_uchar();
  if (x > 1000) {
    if (c == 200) {
      reach_error();
    }
  }
  return 0;
}
