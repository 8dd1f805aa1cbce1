// expect-exit: 2
// expect-code: lore::type
// An object defined with a struct type that is never completed has no
// size (gcc: "storage size of 't' isn't known"). Lore used to answer.
struct T;
extern struct T declared_only;
struct T t;
int main(void) {
  reach_error();
  return 0;
}
