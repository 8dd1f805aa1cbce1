/* Lore's C library: memset, memcpy, memmove, memcmp, memchr, strlen,
 * strcmp, strncmp, strcpy, strchr and strrchr are modelled (on the bytes of
 * the objects their pointers reach); the others are declared and reported
 * when called without a definition. */
#ifndef __LORE_STRING_H
#define __LORE_STRING_H
#include <lore_types.h>
void *memset(void *, int, size_t);
void *memcpy(void *, const void *, size_t);
void *memmove(void *, const void *, size_t);
int memcmp(const void *, const void *, size_t);
void *memchr(const void *, int, size_t);
size_t strlen(const char *);
char *strcpy(char *, const char *);
char *strncpy(char *, const char *, size_t);
char *strcat(char *, const char *);
char *strncat(char *, const char *, size_t);
int strcmp(const char *, const char *);
int strncmp(const char *, const char *, size_t);
char *strchr(const char *, int);
char *strrchr(const char *, int);
char *strstr(const char *, const char *);
char *strdup(const char *);
char *strerror(int);
#endif
