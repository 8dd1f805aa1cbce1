// lore: --unwind 2
// expect: TRUE
// `#pragma pack(n)` caps member alignment at n (gcc's layout; push/pop
// restore the previous cap). Found by Csmith: under pack(1) a struct in
// a union was laid out with natural alignment (a wrong FALSE).
#include <stdint.h>
#pragma pack(push)
#pragma pack(1)
struct P1 { volatile uint16_t a; uint32_t b; };
union U { struct P1 s; int32_t w[2]; };
#pragma pack(2)
struct P2 { char c; int i; char d : 7; char e : 3; };
#pragma pack(pop)
struct N { char c; int i; };
union U g[2] = {{{0x1234, 0x56789abc}}};
int main(void) {
  if (sizeof(struct P1) != 6 || sizeof(struct P2) != 8 || sizeof(struct N) != 8)
    reach_error();
  /* little-endian: bytes 34 12 bc 9a 78 56 */
  if (g[0].w[0] != (int32_t)0x9abc1234) reach_error();
  struct P2 p = {1, 2, 0x3f, 3};
  unsigned char *bytes = (unsigned char *)&p;
  if (bytes[2] != 2 || bytes[6] != 0xbf || bytes[7] != 1) reach_error();
  return 0;
}
