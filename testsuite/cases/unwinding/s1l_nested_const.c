// cbmc-k: 4
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* nested while, constant bounds: inner 3 back edges per entry, 2 entries */
int main(void){ int total=0; int j;
  for(j=0;j<2;j++){ int i=0; while(i<3){ i++; total++; } }
  if(total==6) reach_error(); return 0; }
