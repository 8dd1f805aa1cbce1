// lore: --64
// Struct and union layouts, checked against gcc -m64 (sizes and alignments
// below were printed by gcc); Lore rejects the file if one disagrees.
struct a { char c; long long ll; };
struct b { char c; double d; short s; };
struct c { unsigned x:3; unsigned y:30; unsigned char z:4; unsigned char w:5; };
struct d { char c; int :0; char e; };
struct e { char c; short s:9; char t; };
struct f { int n; char data[]; };
union g { char c[5]; int i; };
struct h { struct a a1; union g g1; char tail; };
struct __attribute__((packed)) i { char c; int n; short s; };
struct j { long l; char c; void *p; };
struct k { unsigned long long a:33; unsigned b:7; };
struct l { char a; struct { char b; int c; } inner; char d; };
struct m { short s; long double ld; };
struct n { signed char a:3; int b:13; long long c:40; };
_Static_assert(sizeof(struct a) == 16 && _Alignof(struct a) == 8, "struct a");
_Static_assert(sizeof(struct b) == 24 && _Alignof(struct b) == 8, "struct b");
_Static_assert(sizeof(struct c) == 12 && _Alignof(struct c) == 4, "struct c");
_Static_assert(sizeof(struct d) == 5 && _Alignof(struct d) == 1, "struct d");
_Static_assert(sizeof(struct e) == 6 && _Alignof(struct e) == 2, "struct e");
_Static_assert(sizeof(struct f) == 4 && _Alignof(struct f) == 4, "struct f");
_Static_assert(sizeof(union g) == 8 && _Alignof(union g) == 4, "union g");
_Static_assert(sizeof(struct h) == 32 && _Alignof(struct h) == 8, "struct h");
_Static_assert(sizeof(struct i) == 7 && _Alignof(struct i) == 1, "struct i");
_Static_assert(sizeof(struct j) == 24 && _Alignof(struct j) == 8, "struct j");
_Static_assert(sizeof(struct k) == 8 && _Alignof(struct k) == 8, "struct k");
_Static_assert(sizeof(struct l) == 16 && _Alignof(struct l) == 4, "struct l");
_Static_assert(sizeof(struct m) == 32 && _Alignof(struct m) == 16, "struct m");
_Static_assert(sizeof(struct n) == 8 && _Alignof(struct n) == 8, "struct n");
int main(void) { struct f *p = 0; return sizeof(struct h) + (p == 0); }
