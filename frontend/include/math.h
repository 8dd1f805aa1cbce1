/* Lore's C library: declarations; a call without a definition is reported. */
#ifndef __LORE_MATH_H
#define __LORE_MATH_H
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))
#define HUGE_VAL (__builtin_huge_val())
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf(x)
#define isfinite(x) __builtin_isfinite(x)
#define signbit(x) __builtin_signbit(x)
#define fpclassify(x) __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
#define isnormal(x) __builtin_isnormal(x)
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
double fabs(double);
float fabsf(float);
double sqrt(double);
float sqrtf(float);
double sin(double);
double cos(double);
double tan(double);
double atan(double);
double atan2(double, double);
double exp(double);
double log(double);
double pow(double, double);
double floor(double);
double ceil(double);
double fmod(double, double);
double round(double);
double trunc(double);
float floorf(float);
float ceilf(float);
double fmin(double, double);
double fmax(double, double);
#endif
