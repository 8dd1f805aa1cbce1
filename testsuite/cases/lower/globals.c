// Globals: zero by default, initialisers (constant and not), statics, externs,
// string literals.
unsigned char e = nondet_uchar();   /* not constant: runs before main, as in CBMC */
int counter;
int start = 10;
const char *name = "lore";
static double ratio = 0.5;
extern int defined_later;
int defined_later = 3;

int tick(void) {
  static int calls = 0;
  static int calls_plus = 1;
  calls++;
  return calls + calls_plus;
}

int main(void) {
  counter = tick() + tick();
  return counter + start + e + name[1] + (int)ratio + defined_later;
}
