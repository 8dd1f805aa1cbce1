// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
/* constant version of s4e: two goto loops sharing head L; inner 2 back edges per entry (4 in all), outer 1 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void){ int x=3; int y=2; int i=0, j=0, total=0;
  L: i++; total++;
  if(i<x) goto L;
  j++; i=0;
  if(j<y) goto L;
  if(j==2 && total==6) reach_error(); return 0; }
