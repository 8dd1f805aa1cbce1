// float and double: constants, arithmetic, comparisons and conversions.
int main(void) {
  float f = 1.5f;
  double d = 2.25;
  double sum = f + d;          /* float converts to double */
  float half = d / 2;
  int truncated = (int)(sum * 10);
  long double ld = 1.0L;
  double hex = 0x1.8p1;
  if (f < d && sum != 0.0)
    d = -d;
  return truncated + (half > 1.0f) + (int)hex + (ld > 0);
}
