// cbmc-k: 2
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* mutual recursion f->g->f->g: r==4 needs f(4) g(3) f(2) g(1) f(0): f active 3 times, g 2 times */
int g(int d);
int f(int d){ if(d<=0) return 0; return 1+g(d-1); }
int g(int d){ if(d<=0) return 0; return 1+f(d-1); }
int main(void){ int x=__VERIFIER_nondet_int(); int r=f(x); if(r==4) reach_error(); return 0; }
