// cbmc-k: 7
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* as s3c with a constant outer bound 3 */
int main(void){ int total=0;
  for (int j=0;j<3;j++){
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
