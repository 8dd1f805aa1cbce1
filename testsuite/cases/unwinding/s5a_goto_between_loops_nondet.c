// cbmc-k: 4
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* goto out of loop A (in its 2nd pass) into the body of loop B, inside an outer loop with
   nondet bound 2 or 3; B entered at M with k=0 runs 3 passes / 3 back edges per entry */
int main(void){ int n=__VERIFIER_nondet_int(); int total=0;
  for (int j=0;j<(n&1)+2;j++){
    int i=0, k=0;
    while(1){ i++; if(i==2) goto M; }
    k=100;
    while(k<2){ k++; M: total++; }
  }
  if (total==9) reach_error(); return 0; }
