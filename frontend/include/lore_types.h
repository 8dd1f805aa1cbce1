/* Lore's C library: basic types for the chosen data model (ILP32 or LP64). */
#ifndef __LORE_TYPES_H
#define __LORE_TYPES_H
#ifdef __LORE_LP64__
typedef unsigned long size_t;
typedef long ssize_t;
typedef long ptrdiff_t;
typedef long intptr_t;
typedef unsigned long uintptr_t;
typedef long off_t;
#else
typedef unsigned int size_t;
typedef int ssize_t;
typedef int ptrdiff_t;
typedef int intptr_t;
typedef unsigned int uintptr_t;
typedef long off_t;
#endif
typedef int wchar_t;
typedef long long loff_t;
typedef __builtin_va_list __lore_va_list;
#ifndef NULL
#define NULL ((void *)0)
#endif
#endif
