/* Lore's C library: output functions have no effect on verdicts (their
 * results are unknown); input functions return unknown values. */
#ifndef __LORE_STDIO_H
#define __LORE_STDIO_H
#include <lore_types.h>
typedef struct __lore_file FILE;
extern FILE *stdin;
extern FILE *stdout;
extern FILE *stderr;
#define EOF (-1)
#define BUFSIZ 8192
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
int printf(const char *, ...);
int fprintf(FILE *, const char *, ...);
int sprintf(char *, const char *, ...);
int snprintf(char *, size_t, const char *, ...);
int vprintf(const char *, __lore_va_list);
int vfprintf(FILE *, const char *, __lore_va_list);
int puts(const char *);
int fputs(const char *, FILE *);
int putchar(int);
int putc(int, FILE *);
int fputc(int, FILE *);
int fflush(FILE *);
int scanf(const char *, ...);
int fscanf(FILE *, const char *, ...);
int sscanf(const char *, const char *, ...);
int getchar(void);
int getc(FILE *);
int fgetc(FILE *);
char *fgets(char *, int, FILE *);
FILE *fopen(const char *, const char *);
int fclose(FILE *);
size_t fread(void *, size_t, size_t, FILE *);
size_t fwrite(const void *, size_t, size_t, FILE *);
void perror(const char *);
#endif
