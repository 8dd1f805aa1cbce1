// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* n=3 passes; error inside the 3rd pass (2 back edges before it) */
int main(void){ int x=__VERIFIER_nondet_int(); int i=0;
  while(i<x){ i++; if(i==3) reach_error(); }
  return 0; }
