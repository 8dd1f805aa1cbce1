// cbmc-k: 4
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* loop naming: a labelled while loop (LW), a goto loop whose label is on its first statement (LG),
   a labelled for loop (LF). Error needs 3 passes of each. */
int main(void){ int x=__VERIFIER_nondet_int(); int i=0, j=0, m;
  LW: while(i<x) i++;
  LG: j++;
  if(j<x) goto LG;
  LF: for(m=0;m<x;m++);
  if(i==3 && j==3 && m==3) reach_error(); return 0; }
