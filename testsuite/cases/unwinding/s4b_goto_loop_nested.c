// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* two nested goto loops: inner 3 passes (2 back edges) per entry, outer 2 passes (1 back edge) */
int main(void){ int x=__VERIFIER_nondet_int(); int y=__VERIFIER_nondet_int(); int i, j=0, total=0;
  O: j++; i=0;
  I: i++; total++;
  if(i<x) goto I;
  if(j<y) goto O;
  if(j==2 && total==6) reach_error(); return 0; }
