// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* do-while nested in do-while: inner 3 passes per entry (2 back edges), outer 2 passes */
int main(void){ int x=__VERIFIER_nondet_int(); int y=__VERIFIER_nondet_int(); int j=0, total=0;
  do { int i=0; j++; do { i++; total++; } while(i<x); } while(j<y);
  if(j==2 && total==6) reach_error(); return 0; }
