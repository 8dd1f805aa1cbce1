// cbmc-k: 4
// The smallest --unwind at which CBMC 6.6 reports the error without unwinding
// assertions (docs/unwinding.md); Lore must report it there and not below.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
/* a while loop in a switch case, inside an outer for loop whose passes choose the case;
   case 0 runs the inner loop 3 passes (3 back edges) per entry; reached in 2 outer passes */
int main(void){ int y=__VERIFIER_nondet_int(); int j, total=0, other=0;
  for(j=0;j<y;j++){
    switch(__VERIFIER_nondet_int()){
    case 0: { int i=0; while(i<3){ i++; total++; } } break;
    default: other++; break;
    }
  }
  if(total==6 && j==2) reach_error(); return 0; }
