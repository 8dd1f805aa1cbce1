// lore: --unwind 1
// expect: TRUE
// Copying a struct copies every field (a struct value is its whole object).
struct pair { int a; int b; };
int main(void) {
  struct pair good = { 1, 2 };
  struct pair bad;
  bad = good;
  if (bad.b != 2 || bad.a != 1)
    reach_error();
  return 0;
}
