// cbmc-k: 4
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* a loop with two entries: the head, or M in the middle of the body; 3 passes => 3 back edges */
int main(void){ int c=__VERIFIER_nondet_int(); int x=__VERIFIER_nondet_int(); int i=0, total=0;
  if(c) goto M;
  while(i<x){ i++; M: total++; }
  if(c && total==3) reach_error(); return 0; }
