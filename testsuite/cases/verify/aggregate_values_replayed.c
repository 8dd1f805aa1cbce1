// lore: --unwind 2
// models: ilp32 lp64
// expect: FALSE
// Aggregate values in every form the replay must follow: a union-valued
// `?:`, a compound literal with a designated member, a struct-valued `?:`
// of calls, an array of structs with designated gaps, a struct returned
// and indexed, a struct copied through a chosen pointer; both errors are
// reached under gcc (k = 1 for the first, k = 0 for the second).
extern int __VERIFIER_nondet_int(void);
union U { int i; char c[4]; };
struct S { int f; union U u; int g[2]; };
struct S mk(int v) { struct S s = { .f = v, .g = { [1] = v + 1 } }; return s; }
int main(void) {
  int k = __VERIFIER_nondet_int();
  union U x = { .i = 5 }, y = { .i = 7 };
  union U z = k ? x : y;
  struct S p = (struct S){ .f = 3, .u = z };
  struct S q = (k ? mk(1) : mk(2));
  struct S arr[2] = { [1] = { .f = 9 } }, arr2[2];
  struct S w = (mk(4));
  int t = mk(5).g[1];
  if (z.i == 5 && p.u.i == 5 && q.f == 1 && arr[1].f == 9 && arr[0].f == 0 && w.g[1] == 5 && w.g[0] == 0 && t == 6) reach_error();
  struct S *ptr = &arr[1];
  struct S cpy = *(k ? ptr : &arr[0]);
  if (cpy.f == 0 && k == 0) reach_error();
  return 0;
}
