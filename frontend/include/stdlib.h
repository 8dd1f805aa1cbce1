/* Lore's C library: malloc, calloc, realloc, free, alloca, abort and exit
 * are modelled; the others are declared and reported when called. */
#ifndef __LORE_STDLIB_H
#define __LORE_STDLIB_H
#include <lore_types.h>
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
void *malloc(size_t);
void *calloc(size_t, size_t);
void *realloc(void *, size_t);
void free(void *);
void *alloca(size_t);
void abort(void);
void exit(int);
void _Exit(int);
int atexit(void (*)(void));
int abs(int);
long labs(long);
long long llabs(long long);
int atoi(const char *);
long atol(const char *);
long strtol(const char *, char **, int);
unsigned long strtoul(const char *, char **, int);
double atof(const char *);
double strtod(const char *, char **);
int rand(void);
void srand(unsigned int);
char *getenv(const char *);
int system(const char *);
void qsort(void *, size_t, size_t, int (*)(const void *, const void *));
void *bsearch(const void *, const void *, size_t, size_t, int (*)(const void *, const void *));
typedef struct { int quot; int rem; } div_t;
#endif
