// cbmc-k: 4
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* non-recursive function with a loop called from a loop in main: counters per activation */
int total=0;
void f(void){ int i=0; while(i<3){ i++; total++; } }
int main(void){ int y=__VERIFIER_nondet_int(); int j;
  for(j=0;j<y;j++) f();
  if(total==6 && j==2) reach_error(); return 0; }
