// TRUE only by an invariant relating two variables (s == 2*i): a correctness
// witness must carry it for a validator to confirm the proof.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int i = 0, s = 0;
  while (i < n) {
    i++;
    s += 2;
  }
  if (s != 2 * n) reach_error();
  return 0;
}
