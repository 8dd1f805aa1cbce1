// cbmc-k: 4
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* for with continue; n=3 passes, error after exit (3 back edges) */
int main(void){ int x=__VERIFIER_nondet_int(); int i, c=0;
  for(i=0;i<x;i++){ if(__VERIFIER_nondet_int()) continue; c++; }
  if(i==3 && c==1) reach_error(); return 0; }
