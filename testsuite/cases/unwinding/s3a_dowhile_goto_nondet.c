// cbmc-k: 5
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* do-while entered by goto (to the 2nd statement of its body) inside an outer loop
   (nondet bound 2 or 3): 5 passes / 4 back edges per entry */
int main(void){ int n=__VERIFIER_nondet_int(); int total=0, skip=0;
  for (int j=0;j<(n&1)+2;j++){ int i=0; goto M; do { skip++; M: i++; total++; } while(i<5); }
  if (total==15) reach_error(); return 0; }
