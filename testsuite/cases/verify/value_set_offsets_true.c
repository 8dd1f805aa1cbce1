// lore: --unwind 2 --pointer-check
// expect: TRUE
// One object reached at two offsets (two members), and two objects through
// `container_of`: each write lands at its own offset only, and each owner
// is the node its member belongs to.
struct link { struct link *next, *prev; };
struct node { int value; struct link a; struct link b; };
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define entry(p, m) ((struct node *)((char *)(p) - (unsigned long)&((struct node *)0)->m))
int main(void) {
  struct node n1 = {1, {0, 0}, {0, 0}}, n2 = {2, {0, 0}, {0, 0}};
  int c = __VERIFIER_nondet_int();
  struct link *l = c ? &n1.a : &n1.b;
  l->prev = l;
  if (n1.a.prev == &n1.a && n1.b.prev == &n1.b)
    reach_error();
  if (c && n1.b.prev != 0)
    reach_error();
  struct link *m = c ? &n1.b : &n2.a;
  struct node *owner = c ? entry(m, b) : entry(m, a);
  if (owner->value != (c ? 1 : 2))
    reach_error();
  return 0;
}
