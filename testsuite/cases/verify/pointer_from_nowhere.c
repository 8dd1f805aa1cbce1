// lore: --unwind 1
// expect: TRUE
// A pointer read through null comes from nowhere: like CBMC's pointer to
// the invalid object, it names no object, so an access through it reads
// an unknown value, and it is never `&a`. The first formula leaves that
// out (it is cheaper), so its model may name `a` and yet read another
// value than a's: a counterexample no run follows. The replay refuses it,
// and the formula that rules such models out answers (before: UNKNOWN).
struct node {
  struct node *next;
  int v;
};

int main(void) {
  struct node a;
  a.next = &a;
  a.v = 1;
  struct node *p = 0;
  struct node *q = p->next;
  if (q == &a && q->v != 1)
    reach_error();
  return 0;
}
