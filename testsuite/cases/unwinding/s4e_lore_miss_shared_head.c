// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
/* Lore missed this error at every bound before issue 40: two goto loops sharing one head, nondet inner bound.
   x=3: inner 2 back edges per entry (4 in all), outer 1. CBMC: k=3. */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void){ int x=__VERIFIER_nondet_int(); int y=2; int i=0, j=0, total=0;
  L: i++; total++;
  if(i<x) goto L;
  j++; i=0;
  if(j<y) goto L;
  if(j==2 && total==6) reach_error(); return 0; }
