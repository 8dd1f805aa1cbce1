// lore: --unwind 5
// expect: TRUE
// With --unwind 5 the body runs at most 4 times: n never reaches 5
// (bounded semantics: no unwinding assertions asked for).
int main(void) {
  int n = 0;
  while (__VERIFIER_nondet_int())
    n++;
  if (n >= 5)
    reach_error();
  return 0;
}
