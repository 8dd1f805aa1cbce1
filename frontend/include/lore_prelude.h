/* Lore's prelude: the verification conventions every .c input may use.
 * SV-COMP: __VERIFIER_nondet_<type>, __VERIFIER_assume, reach_error,
 * __VERIFIER_error. CBMC: __CPROVER_assume, __CPROVER_assert and undeclared
 * nondet_<type>() functions (typed by their name). The paper: _Learn_assert.
 * Lore recognises these names whatever their declarations say. */
#ifndef __LORE_PRELUDE_H
#define __LORE_PRELUDE_H
void __VERIFIER_assume(int);
void reach_error();
void __VERIFIER_error();
_Bool __VERIFIER_nondet_bool(void);
char __VERIFIER_nondet_char(void);
signed char __VERIFIER_nondet_schar(void);
unsigned char __VERIFIER_nondet_uchar(void);
short __VERIFIER_nondet_short(void);
unsigned short __VERIFIER_nondet_ushort(void);
int __VERIFIER_nondet_int(void);
unsigned int __VERIFIER_nondet_uint(void);
unsigned int __VERIFIER_nondet_unsigned(void);
long __VERIFIER_nondet_long(void);
unsigned long __VERIFIER_nondet_ulong(void);
long long __VERIFIER_nondet_longlong(void);
unsigned long long __VERIFIER_nondet_ulonglong(void);
float __VERIFIER_nondet_float(void);
double __VERIFIER_nondet_double(void);
void *__VERIFIER_nondet_pointer(void);
char *__VERIFIER_nondet_pchar(void);
void __CPROVER_assume(_Bool);
void __CPROVER_assert(_Bool, const char *);
void _Learn_assert(_Bool);
#endif
