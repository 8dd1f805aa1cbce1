// cbmc-k: 5
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* two backward gotos to one head L; the EARLIER one is the outer loop:
   pass structure: inner goto at the end, outer goto in the middle */
int main(void){ int x=__VERIFIER_nondet_int(); int y=__VERIFIER_nondet_int(); int i=0, j=0, total=0;
  L: i++; total++;
  if(i>=x){ j++; i=0; if(j<y) goto L; }
  else goto L;
  if(j==2 && total==6) reach_error(); return 0; }
