// lore: --64
// The LP64 data model: long and pointers are 64 bits.
struct s { char c; long l; void *p; };
int main(void) {
  long l = 2147483648;      /* fits in long */
  unsigned long size = sizeof(long) + sizeof(void *) + sizeof(struct s);
  return (int)(l >> 31) + (int)size;
}
