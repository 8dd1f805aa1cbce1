// The paper's Fig. 2 shape: a loop that calls g, then f with the assertion.
int g(int x) { return x + 1; }
void f(int x) { _Learn_assert(x < 100); }
void main() {
  int i, x = 0;
  for (i = 0; i < nondet_int(); i++)
    x = g(x);
  f(x);
}
