// lore: --unwind 1
// expect: TRUE
// A pointer read through null comes from nowhere: like CBMC's pointer to
// the invalid object, it names no object, so an access through it reads
// an unknown value, and it is never `&a`. The checker once took a model in
// which it named `a` and yet read another value than a's: a counterexample
// no run of the program follows (the replay refused it: UNKNOWN).
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
