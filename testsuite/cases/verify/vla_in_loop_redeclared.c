// lore: --unwind 3 --unwinding-assertions
// expect: TRUE
// A variable-length array declared in a block that only some loop
// iterations enter: read in the second iteration after the first skipped
// the block, it is the array just declared (it read an unknown value, and
// the counterexample did not replay: UNKNOWN).
int main(void) {
  int k = __VERIFIER_nondet_int();
  int s = 0;
  for (int i = 0; i < 2; i++) {
    if (i == k) {
      unsigned n = 2;
      int v[n];
      v[0] = 1;
      v[1] = 2;
      s += v[1];
    }
  }
  if (k == 1 && s != 2)
    reach_error();
  return 0;
}
