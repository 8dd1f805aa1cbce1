/* Lore's C library */
#ifndef __LORE_TIME_H
#define __LORE_TIME_H
#include <lore_types.h>
typedef long time_t;
typedef long clock_t;
time_t time(time_t *);
clock_t clock(void);
#define CLOCKS_PER_SEC 1000000L
#endif
