// A program whose encoding takes a while: 64-bit multiplications and
// divisions in a long unwound loop. Used to test the time limit.
int main(void) {
  unsigned long long x = __VERIFIER_nondet_ulonglong();
  unsigned long long y = __VERIFIER_nondet_ulonglong();
  for (int i = 0; i < 200; i++)
    x = x * y / (y | 1) + (unsigned long long)i;
  if (x == 12345)
    reach_error();
  return 0;
}
