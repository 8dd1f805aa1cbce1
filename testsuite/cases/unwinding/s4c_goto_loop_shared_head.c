// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* two goto loops sharing one head L: inner back edge then outer back edge (later in the code);
   inner 3 passes (2 back edges) per entry, outer 1 back edge */
int main(void){ int x=__VERIFIER_nondet_int(); int y=__VERIFIER_nondet_int(); int i=0, j=0, total=0;
  L: i++; total++;
  if(i<x) goto L;
  j++; i=0;
  if(j<y) goto L;
  if(j==2 && total==6) reach_error(); return 0; }
