/* Lore's C library */
#ifndef __LORE_UNISTD_H
#define __LORE_UNISTD_H
#include <lore_types.h>
unsigned int sleep(unsigned int);
int usleep(unsigned int);
#endif
