// cbmc-k: 4
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* switch with break/continue inside a for loop: n=3 passes, error after exit (3 back edges) */
int main(void){ int x=__VERIFIER_nondet_int(); int i, c0=0, c1=0;
  for(i=0;i<x;i++){
    switch(__VERIFIER_nondet_int()){
    case 0: c0++; break;
    case 1: c1++; continue;
    default: break;
    }
    c0+=10;
  }
  if(i==3 && c1==2) reach_error(); return 0; }
