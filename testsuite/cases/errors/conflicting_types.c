// expect-exit: 2
// expect-code: lore::redefinition
int g;
double g;
int main(void) { return 0; }
