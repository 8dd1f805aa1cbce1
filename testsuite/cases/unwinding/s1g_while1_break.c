// cbmc-k: 3
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* while(1) left by break in pass n=3 (2 back edges) */
int main(void){ int x=__VERIFIER_nondet_int(); int i=0;
  while(1){ i++; if(i>=x) break; }
  if(i==3) reach_error(); return 0; }
