// cbmc-k: 6
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void){ int n=__VERIFIER_nondet_int(); int total=0;
 for (int j=0;j<(n&1)+2;j++){ int i=0; goto L1; while(i<5){ L1: i++; total++; } }
 if (total==15) reach_error(); return 0; }
