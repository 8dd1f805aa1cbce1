// cbmc-k: 13
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* as s3a with a constant outer bound 3 */
int main(void){ int total=0, skip=0;
  for (int j=0;j<3;j++){ int i=0; goto M; do { skip++; M: i++; total++; } while(i<5); }
  if (total==15) reach_error(); return 0; }
