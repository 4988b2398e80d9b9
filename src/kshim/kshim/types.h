/*
 * kshim/types.h - the kernel's basic types and limits, from the compiler's
 * predefined macros only.  strcheck builds kernel sources with -nostdinc:
 * no C library header may come in, since glibc's <endian.h> defines
 * __BIG_ENDIAN as a value, and the kernel tests it with #ifdef.
 *
 * Part of strcheck's kernel shims (written for strcheck, no kernel code).
 */
#ifndef KSHIM_TYPES_H
#define KSHIM_TYPES_H

typedef __INT8_TYPE__ s8;
typedef __UINT8_TYPE__ u8;
typedef __INT16_TYPE__ s16;
typedef __UINT16_TYPE__ u16;
typedef __INT32_TYPE__ s32;
typedef __UINT32_TYPE__ u32;
typedef __INT64_TYPE__ s64;
typedef __UINT64_TYPE__ u64;
typedef s8 __s8;
typedef u8 __u8;
typedef s16 __s16;
typedef u16 __u16;
typedef s32 __s32;
typedef u32 __u32;
typedef s64 __s64;
typedef u64 __u64;
typedef u16 __le16, __be16;
typedef u32 __le32, __be32;
typedef u64 __le64, __be64;

typedef __INT8_TYPE__ int8_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __INT16_TYPE__ int16_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __INT32_TYPE__ int32_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT64_TYPE__ uint64_t;
typedef __UINTPTR_TYPE__ uintptr_t;
typedef __INTPTR_TYPE__ intptr_t;

typedef __SIZE_TYPE__ size_t;
typedef __SIZE_TYPE__ __kernel_size_t;
/* The kernel's ssize_t is the signed type of size_t's width. */
#if __SIZEOF_SIZE_T__ == __SIZEOF_LONG__
typedef long ssize_t;
#else
typedef int ssize_t;
#endif
typedef ssize_t __kernel_ssize_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef unsigned int gfp_t;
/* The kernel's character types (linux/nls_types.h since v6.15, linux/nls.h
 * before): a 16-bit plane-0 character and a full code point. */
typedef u16 wchar_t;
typedef u32 unicode_t;
#define MAX_WCHAR_T 0xffff
typedef long long loff_t;

#ifndef __cplusplus
typedef _Bool bool;
#define true 1
#define false 0
#endif

#undef NULL
#define NULL ((void *)0)
#define offsetof(t, m) __builtin_offsetof(t, m)

#define U8_MAX ((u8)~0U)
#define S8_MAX ((s8)(U8_MAX >> 1))
#define U16_MAX ((u16)~0U)
#define S16_MAX ((s16)(U16_MAX >> 1))
#define U32_MAX ((u32)~0U)
#define S32_MAX ((s32)(U32_MAX >> 1))
#define U64_MAX ((u64)~0ULL)
#define S64_MAX ((s64)(U64_MAX >> 1))
#define INT_MAX __INT_MAX__
#define INT_MIN (-INT_MAX - 1)
#define UINT_MAX (~0U)
#define LONG_MAX __LONG_MAX__
#define LONG_MIN (-LONG_MAX - 1)
#define ULONG_MAX (~0UL)
#define LLONG_MAX __LONG_LONG_MAX__
#define ULLONG_MAX (~0ULL)
#define SIZE_MAX __SIZE_MAX__
#define SSIZE_MAX ((ssize_t)(SIZE_MAX >> 1))
#define PHYS_ADDR_MAX (~(u64)0)

#define BITS_PER_BYTE 8
#define BITS_PER_LONG (__SIZEOF_LONG__ * 8)
#define BITS_PER_LONG_LONG 64
#if __SIZEOF_LONG__ == 8 && !defined(CONFIG_64BIT)
#define CONFIG_64BIT 1
#endif

#endif
