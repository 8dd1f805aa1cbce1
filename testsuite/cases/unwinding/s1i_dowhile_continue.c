// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* continue in do-while goes to the condition; n=3 passes (2 back edges) */
int main(void){ int x=__VERIFIER_nondet_int(); int i=0, c=0;
  do { i++; if(__VERIFIER_nondet_int()) continue; c++; } while(i<x);
  if(i==3 && c==1) reach_error(); return 0; }
