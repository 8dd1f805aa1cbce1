// cbmc-k: 16
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* like s2, but the outer loop has a constant trip count (3), so CBMC's path guard stays true */
int main(void){ int total=0;
 for (int j=0;j<3;j++){ int i=0; goto L1; while(i<5){ L1: i++; total++; } }
 if (total==15) reach_error(); return 0; }
