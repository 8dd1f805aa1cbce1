/* Lore's C library: variadic functions can be declared and called; reading
 * their arguments (va_arg) is not supported and is reported. */
#ifndef __LORE_STDARG_H
#define __LORE_STDARG_H
#include <lore_types.h>
typedef __lore_va_list va_list;
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_end(ap) __builtin_va_end(ap)
#define va_arg(ap, t) __builtin_va_arg(ap, t)
#define va_copy(d, s) __builtin_va_copy(d, s)
#endif
