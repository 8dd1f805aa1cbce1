// cbmc-k: 8
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* two-entry loop inside a constant outer loop: pass j=0 enters at the head (3 back edges),
   pass j=1 enters at M (4 back edges) */
int main(void){ int total=0;
  for(int j=0;j<2;j++){ int i=0; if(j==1) goto M; while(i<3){ i++; M: total++; } }
  if(total==7) reach_error(); return 0; }
