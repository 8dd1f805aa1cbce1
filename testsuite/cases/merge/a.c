// lore merge: Fig. 7(b), branch A calls functionB through functionZ.
void functionA(void) {}
void functionB(void) {}
void functionC(void) {}
void functionZ(void) { functionB(); }
int main(void) {
  functionA();
  functionZ();
  return 0;
}
