// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* L: ...; if(c) goto L;  3 passes, 2 back edges */
int main(void){ int x=__VERIFIER_nondet_int(); int i=0;
  L: i++;
  if(i<x) goto L;
  if(i==3) reach_error(); return 0; }
