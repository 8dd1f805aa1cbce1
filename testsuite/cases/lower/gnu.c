// GNU extensions found in SV-COMP and CBMC output: `$` in identifiers,
// attributes, __extension__, statement expressions, typeof, __builtin_expect.
__extension__ typedef unsigned long long u64;
struct __attribute__((packed)) packed { char c; int i; };
static int helper$1(int x) __attribute__((noinline));
static int helper$1(int x) { return x * 2; }

int main(void) {
  int count$2 = 3;
  u64 big = 1;
  typeof(count$2) same = ({ int t = count$2; t + 1; });
  if (__builtin_expect(same > 3, 1))
    big <<= 40;
  return helper$1(same) + (int)(big >> 40) + sizeof(struct packed);
}
