// cbmc-k: 4
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* while nested in for: inner 3 passes per entry (3 back edges), outer 2 passes */
int main(void){ int x=__VERIFIER_nondet_int(); int y=__VERIFIER_nondet_int(); int j, total=0;
  for(j=0;j<y;j++){ int i=0; while(i<x){ i++; total++; } }
  if(j==2 && total==6) reach_error(); return 0; }
