/* Lore's C library: declarations only (Lore lowers the calls itself, C
   locale: frontend/src/lower/library/ctype.rs). */
#ifndef __LORE_CTYPE_H
#define __LORE_CTYPE_H
int isalnum(int);
int isalpha(int);
int isblank(int);
int iscntrl(int);
int isgraph(int);
int isdigit(int);
int islower(int);
int isupper(int);
int isspace(int);
int isprint(int);
int ispunct(int);
int isxdigit(int);
int tolower(int);
int toupper(int);
#endif
