/* Lore's C library */
#ifndef __LORE_SYS_TYPES_H
#define __LORE_SYS_TYPES_H
#include <lore_types.h>
#endif
