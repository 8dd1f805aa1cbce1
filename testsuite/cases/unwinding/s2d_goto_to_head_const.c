// cbmc-k: 16
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* unconditional goto to the loop head (jumping over a statement), constant outer loop:
   inner 5 back edges per entry, 3 entries */
int main(void){ int total=0;
  for (int j=0;j<3;j++){ int i=0; goto H; i=100; H: while(i<5){ i++; total++; } }
  if (total==15) reach_error(); return 0; }
