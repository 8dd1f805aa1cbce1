// cbmc-k: 6
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* goto from loop B (later) back into the body of loop A (earlier): a backward goto that is
   itself a loop; A is entered at M with i=0 */
int main(void){ int x=__VERIFIER_nondet_int(); int i=0, k=0, total=0, jumped=0;
  while(i<2){ i++; M: total++; }
  while(k<x){ k++; if(k==2 && !jumped){ jumped=1; i=0; goto M; } }
  if (jumped && total==5 && k==3) reach_error(); return 0; }
