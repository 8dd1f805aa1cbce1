/* Lore's C library */
#ifndef __LORE_STDDEF_H
#define __LORE_STDDEF_H
#include <lore_types.h>
#define offsetof(t, m) __builtin_offsetof(t, m)
#endif
