// cbmc-k: 4
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* loops inside switch cases: the error is in case 1 after its for loop ran 3 passes */
int main(void){ int x=__VERIFIER_nondet_int(); int s=__VERIFIER_nondet_int(); int i=0, r=0;
  switch(s){
  case 0: while(i<x) i++; r=i; break;
  case 1: for(i=0;i<x;i++) r++; if(r==3) reach_error(); break;
  default: do { i++; } while(i<x); break;
  }
  return 0; }
