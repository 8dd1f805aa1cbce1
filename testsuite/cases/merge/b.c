// lore merge: Fig. 7(c), branch B calls functionC after functionB.
void functionA(void) {}
void functionB(void) {}
void functionC(void) {}
void functionZ(void) { functionB(); }
int main(void) {
  functionA();
  functionB();
  functionC();
  return 0;
}
