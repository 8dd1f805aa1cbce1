// Arrays: multi-dimensional, initialisers with designators and brace elision,
// strings, and a variable-length array.
int table[2][3] = { {1, 2, 3}, {4, 5, 6} };
int flat[2][2] = { 1, 2, 3 };             /* brace elision; the last is 0 */
int sparse[10] = { [2] = 20, [7] = 70, 71 };
char greeting[] = "hi";
struct pair { int a, b; } pairs[] = { {1, 2}, [2] = { .b = 4 } };

int sum(int n) {
  int vla[n];
  int i, total = 0;
  for (i = 0; i < n; i++)
    vla[i] = i;
  for (i = 0; i < n; i++)
    total += vla[i];
  return total + sizeof(vla);
}

int main(void) {
  int local[4] = { 9 };
  char word[8] = "abc";
  int k = __VERIFIER_nondet_int();
  local[k & 3] = table[1][2] + flat[1][1] + sparse[8];
  return local[0] + word[1] + greeting[0] + pairs[2].b + sum(3) + sizeof(pairs);
}
