/* Lore's C library */
#ifndef __LORE_MALLOC_H
#define __LORE_MALLOC_H
#include <stdlib.h>
#endif
