// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* recursion depth: r==3 needs main->f(3)->f(2)->f(1)->f(0): 3 recursive calls, 4 activations */
int f(int d){ if(d<=0) return 0; return 1+f(d-1); }
int main(void){ int x=__VERIFIER_nondet_int(); int r=f(x); if(r==3) reach_error(); return 0; }
