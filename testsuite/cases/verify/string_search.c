// lore: --unwind 7 --unwinding-assertions
// expect: TRUE
// models: ilp32 lp64
// strchr, strrchr, memchr, memcmp and strncmp on nondet bytes, against the
// loops the C standard describes: Lore models them on the objects' bytes.
#include <string.h>
char __VERIFIER_nondet_char(void);
int __VERIFIER_nondet_int(void);
unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
#define N 5

int main(void) {
  char s[N + 1], t[N + 1];
  for (int i = 0; i < N; i++) {
    s[i] = __VERIFIER_nondet_char();
    t[i] = __VERIFIER_nondet_char();
  }
  s[N] = t[N] = 0;
  int c = __VERIFIER_nondet_int();
  unsigned n = __VERIFIER_nondet_uint() % (N + 2);

  /* strchr: the first (char) c up to and including the terminator. */
  char *first = 0;
  for (int i = 0; i <= N; i++) {
    if (s[i] == (char)c) { first = &s[i]; break; }
    if (s[i] == 0) break;
  }
  if (strchr(s, c) != first) reach_error();

  /* strrchr: the last one. */
  char *last = 0;
  for (int i = 0; i <= N; i++) {
    if (s[i] == (char)c) last = &s[i];
    if (s[i] == 0) break;
  }
  if (strrchr(s, c) != last) reach_error();

  /* memchr over n bytes, terminators included. */
  void *m = 0;
  for (unsigned i = 0; i < n && i <= N; i++)
    if ((unsigned char)s[i] == (unsigned char)c) { m = &s[i]; break; }
  if (memchr(s, c, n) != m) reach_error();

  /* memcmp and strncmp over n bytes: the sign of the first difference. */
  int mc = 0, sc = 0, sdone = 0;
  for (unsigned i = 0; i < n && i <= N; i++) {
    int d = (unsigned char)s[i] - (unsigned char)t[i];
    if (mc == 0) mc = d;
    if (!sdone && d != 0) { sc = d; sdone = 1; }
    if (s[i] == 0) sdone = 1;
  }
  int r = memcmp(s, t, n);
  if ((r < 0) != (mc < 0) || (r > 0) != (mc > 0)) reach_error();
  r = strncmp(s, t, n);
  if ((r < 0) != (sc < 0) || (r > 0) != (sc > 0)) reach_error();

  /* Through a pointer into the middle, and on string literals. */
  char *mid = 0;
  for (int i = 2; i <= N; i++) {
    if (s[i] == (char)c) { mid = &s[i]; break; }
    if (s[i] == 0) break;
  }
  if (strchr(s + 2, c) != mid) reach_error();
  const char *dots = "a.b.c";
  if (strchr(dots, '.') != dots + 1 || strrchr(dots, '.') != dots + 3) reach_error();
  if (strchr(dots, 0) != dots + 5 || strchr(dots, 'z') != 0) reach_error();
  if (memcmp("true", "trUe", 4) <= 0 || strncmp("abc", "abd", 2) != 0) reach_error();
  return 0;
}
