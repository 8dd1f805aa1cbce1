// cbmc-k: none
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* a self loop that never terminates when c!=0: reach_error is unreachable */
int main(void){ int c=__VERIFIER_nondet_int();
  while(c);
  if(c) reach_error(); return 0; }
