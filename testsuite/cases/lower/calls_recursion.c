// Calls: prototypes, recursion, old-style (K&R) definitions, implicit int,
// implicit declarations, and void calls.
int fact(int n) {
  if (n <= 1)
    return 1;
  return n * fact(n - 1);
}

int add(a, b)
  int a;
  char b;
{
  return a + b;
}

later(int x) {          /* implicit int */
  return x + 1;
}

void nothing(void) { }

int main() {
  int r = fact(3);
  r += add(1, 2);
  r += later(r);
  r += forward(r);      /* implicitly declared; defined below */
  nothing();
  return r;
}

int forward(int v) { return v - 1; }
