// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
/* Lore missed this error at every bound before issue 40 (CBMC k=3: the outer loop needs 2 back edges). */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* two-entry do-while (head or M by a symbolic c), symbolic trip count n (2 passes per entry when n==2),
   inside an outer loop of 2 passes */
int main(void){ int c=__VERIFIER_nondet_int(); int n=__VERIFIER_nondet_int(); if(n<1||n>2) return 0; int total=0;
  for (int j=0;j<2;j++){
    int k=n;
    if (c) goto M;
    do { total++;
    M:   total++;
    } while(--k>0);
  }
  if (total==6 && c) reach_error(); return 0; }
