// Enumerations (unsigned int unless a value is negative, as gcc) and typedefs.
typedef unsigned int uint;
typedef struct point { int x, y; } point_t;
typedef point_t *point_ptr;
enum color { RED, GREEN = 5, BLUE };
enum sign { MINUS = -1, ZERO, PLUS };
typedef enum color color_t;

int main(void) {
  color_t c = BLUE;
  enum sign s = MINUS;
  uint n = GREEN;
  point_t p = { 1, 2 };
  point_ptr q = &p;
  if (s < 0)
    n = n + c;
  return q->x + n + sizeof(enum color);
}
