// cbmc-k: 5
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* as s8b with nondet choices: each outer pass enters at the head or at M */
int main(void){ int y=__VERIFIER_nondet_int(); int total=0, viaM=0, j;
  for(j=0;j<y;j++){ int i=0; if(__VERIFIER_nondet_int()){ viaM++; goto M; } while(i<3){ i++; M: total++; } }
  if(j==2 && viaM==1 && total==7) reach_error(); return 0; }
