// expect-exit: 2
// expect-code: lore::redefinition
int f(void) { return 1; }
int f(void) { return 2; }
int main(void) { return f(); }
