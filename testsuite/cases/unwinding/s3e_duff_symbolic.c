// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* Duff device with nondet count in 5..9 (enters at a nondet case), in an outer loop (2 passes);
   error needs count==9 (3 passes / 2 back edges per entry) */
int main(void){ int c=__VERIFIER_nondet_int(); if(c<5||c>9) return 0; int total=0;
  for (int j=0;j<2;j++){
    int count=c; int k=(count+3)/4;
    switch(count%4){
    case 0: do { total++;
    case 3:      total++;
    case 2:      total++;
    case 1:      total++;
            } while(--k>0);
    }
  }
  if (total==18 && c==9) reach_error(); return 0; }
