// cbmc-k: 10
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* as s5a with constant outer bound 3 */
int main(void){ int total=0;
  for (int j=0;j<3;j++){
    int i=0, k=0;
    while(1){ i++; if(i==2) goto M; }
    k=100;
    while(k<2){ k++; M: total++; }
  }
  if (total==9) reach_error(); return 0; }
