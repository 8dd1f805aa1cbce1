// lore merge: the paper's Fig. 7(a), the common ancestor.
void functionA(void) {}
void functionB(void) {}
void functionC(void) {}
void functionZ(void) { functionB(); }
int main(void) {
  functionA();
  functionB();
  return 0;
}
