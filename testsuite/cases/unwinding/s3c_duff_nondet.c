// cbmc-k: 4
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* Duff device (count=9: enters at case 1, 3 passes / 2 back edges per entry) in an outer loop
   with nondet bound 2 or 3 */
int main(void){ int n=__VERIFIER_nondet_int(); int total=0;
  for (int j=0;j<(n&1)+2;j++){
    int count=9; int k=(count+3)/4;
    switch(count%4){
    case 0: do { total++;
    case 3:      total++;
    case 2:      total++;
    case 1:      total++;
            } while(--k>0);
    }
  }
  if (total==27) reach_error(); return 0; }
