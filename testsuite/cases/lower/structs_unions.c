// Structs and unions: nested, anonymous members, bit-fields, copies, members of pointers.
struct inner { char tag; int value; };
struct outer {
  struct inner in;
  struct inner *link;
  union { int as_int; float as_float; };   /* anonymous union member */
  struct { short lo, hi; } halves;
  unsigned flag : 1;
  unsigned mode : 3;
  int : 0;
  signed level : 4;
};
union bits { unsigned int word; unsigned char bytes[4]; };

int main(void) {
  struct outer o;
  struct outer copy;
  union bits b;
  o.in.tag = 'x';
  o.in.value = 7;
  o.link = &o.in;
  o.link->value = o.link->value + 1;
  o.as_int = 3;
  o.halves.hi = 9;
  o.flag = 1;
  o.mode = o.flag + 5;
  o.level = -3;
  copy = o;
  b.word = 0x01020304;
  return b.bytes[0] + copy.in.value + (o.level < 0) + sizeof(struct outer);
}
