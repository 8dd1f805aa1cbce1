/* Lore's C library */
#ifndef __LORE_STRINGS_H
#define __LORE_STRINGS_H
#include <string.h>
int strcasecmp(const char *, const char *);
#endif
