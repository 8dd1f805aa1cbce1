// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* n=3 passes; error in the 3rd pass */
int main(void){ int x=__VERIFIER_nondet_int(); int i=0;
  do { i++; if(i==3) reach_error(); } while(i<x);
  return 0; }
