// cbmc-k: 1
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* L: if(c) goto L;  (a self-loop backward goto) */
int main(void){ int c=__VERIFIER_nondet_int();
  L: if(c) goto L;
  reach_error(); return 0; }
