// cbmc-k: 4
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
/* two-entry do-while (head or M, chosen once by symbolic c) inside a constant outer loop of 2 passes;
   entered at M: 4 passes / 3 back edges per entry */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* as d8, entry chosen by if/goto instead of switch */
int main(void){ int c=__VERIFIER_nondet_int(); if(c!=0 && c!=1) return 0; int total=0;
  for (int j=0;j<2;j++){
    int k=4;
    if (c==1) goto M;
    do { total++;
    M:   total++;
    } while(--k>0);
  }
  if (total==14 && c==1) reach_error(); return 0; }
