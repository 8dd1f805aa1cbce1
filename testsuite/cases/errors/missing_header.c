// expect-exit: 2
// expect-code: lore::preprocessor
#include <no_such_header.h>
int main(void) { return 0; }
