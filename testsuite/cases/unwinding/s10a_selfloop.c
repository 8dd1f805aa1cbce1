// cbmc-k: 1
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* self loops: CBMC turns "while(c);" into assume(!c) (no unwinding, no unwinding assertion) */
int main(void){ int c=__VERIFIER_nondet_int();
  while(c);
  reach_error(); return 0; }
