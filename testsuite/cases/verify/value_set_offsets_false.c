// lore: --unwind 2 --pointer-check
// expect: FALSE
// Pointers into two objects at different offsets, and back to their
// owners with the Linux `container_of` idiom (pointer minus a member's
// offset): the value sets know each object's offset, and the accesses are
// slices of the objects. Reachable when c == 0.
struct link { struct link *next, *prev; };
struct node { int value; struct link a; struct link b; };
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define entry(p, m) ((struct node *)((char *)(p) - (unsigned long)&((struct node *)0)->m))
int main(void) {
  struct node n1 = {1, {0, 0}, {0, 0}}, n2 = {2, {0, 0}, {0, 0}};
  int c = __VERIFIER_nondet_int();
  struct link *l = c ? &n1.b : &n2.a;
  l->next = l;
  struct node *owner = c ? entry(l, b) : entry(l, a);
  if (owner->value == 2 && n2.a.next == &n2.a && n1.b.next == 0)
    reach_error();
  return 0;
}
