// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* recursive call inside a loop: every activation runs its loop 2 passes (2 back edges);
   the error needs f(2) (2 nested recursive calls) */
int total=0;
void f(int d){ for(int i=0;i<2;i++){ total++; if(d>0) f(d-1); } }
int main(void){ int x=__VERIFIER_nondet_int(); if(x<0||x>2) return 0; f(x);
  if(total==14) reach_error(); return 0; }
