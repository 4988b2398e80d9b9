/*
 * kshim/misc.h - the rest of what the kernel's string code leans on:
 * bit operations, word helpers, min/max, printk, BUG and WARN, exports,
 * errno values, ctype, page size, byte order, unaligned access
 * (strcheck kernel shim, written for strcheck, no kernel code).
 */
#ifndef KSHIM_MISC_H
#define KSHIM_MISC_H

#include <kshim/types.h>
#include <kshim/compiler.h>

/* ---- bits and words ---- */
#define BIT(nr) (1UL << (nr))
#define BIT_ULL(nr) (1ULL << (nr))
#define GENMASK(h, l) (((~0UL) << (l)) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define GENMASK_ULL(h, l) (((~0ULL) << (l)) & (~0ULL >> (63 - (h))))
/* Index of the lowest / highest set bit; undefined for 0, as the kernel's. */
static __always_inline unsigned long __ffs(unsigned long w)
{
	return (unsigned long)__builtin_ctzl(w);
}
static __always_inline unsigned long __fls(unsigned long w)
{
	return BITS_PER_LONG - 1 - (unsigned long)__builtin_clzl(w);
}
static __always_inline int ffs(int x)
{
	return __builtin_ffs(x);
}
static __always_inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}
static __always_inline int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}
/* The byte x in every byte of an unsigned long. */
#define REPEAT_BYTE(x) ((~0ul / 0xff) * (x))
#define REPEAT_BYTE_U32(x) lower_32_bits(REPEAT_BYTE(x))
#define upper_32_bits(n) ((u32)(((n) >> 16) >> 16))
#define lower_32_bits(n) ((u32)((n) & 0xffffffff))
#define upper_16_bits(n) ((u16)((n) >> 16))
#define lower_16_bits(n) ((u16)((n) & 0xffff))

#define min(a, b) ({ typeof(a) _ka = (a); typeof(b) _kb = (b); _ka < _kb ? _ka : _kb; })
#define max(a, b) ({ typeof(a) _ka = (a); typeof(b) _kb = (b); _ka > _kb ? _ka : _kb; })
#define min_t(t, a, b) min((t)(a), (t)(b))
#define max_t(t, a, b) max((t)(a), (t)(b))
#define umin(a, b) min_t(unsigned long long, a, b)
#define umax(a, b) max_t(unsigned long long, a, b)
#define clamp(v, lo, hi) min(max(v, lo), hi)
#define ALIGN(x, a) (((x) + ((typeof(x))(a) - 1)) & ~((typeof(x))(a) - 1))
#define ALIGN_DOWN(x, a) ((x) & ~((typeof(x))(a) - 1))
#define PTR_ALIGN(p, a) ((typeof(p))ALIGN((unsigned long)(p), (a)))
#define IS_ALIGNED(x, a) (((x) & ((typeof(x))(a) - 1)) == 0)
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

/* ---- printk: nothing is printed (the checker's output is the report) ---- */
static inline __printf(1, 2) int printk(const char *fmt, ...)
{
	(void)fmt;
	return 0;
}
#define KERN_EMERG ""
#define KERN_ALERT ""
#define KERN_CRIT ""
#define KERN_ERR ""
#define KERN_WARNING ""
#define KERN_NOTICE ""
#define KERN_INFO ""
#define KERN_DEBUG ""
#define pr_emerg(fmt, ...) printk(fmt, ##__VA_ARGS__)
#define pr_alert(fmt, ...) printk(fmt, ##__VA_ARGS__)
#define pr_crit(fmt, ...) printk(fmt, ##__VA_ARGS__)
#define pr_err(fmt, ...) printk(fmt, ##__VA_ARGS__)
#define pr_warn(fmt, ...) printk(fmt, ##__VA_ARGS__)
#define pr_notice(fmt, ...) printk(fmt, ##__VA_ARGS__)
#define pr_info(fmt, ...) printk(fmt, ##__VA_ARGS__)
#define pr_debug(fmt, ...) printk(fmt, ##__VA_ARGS__)
#define pr_warn_once(fmt, ...) printk(fmt, ##__VA_ARGS__)

/* ---- BUG and WARN: a BUG is a crash (strcheck reports it); a WARN only
 * counts (kshim.c), its condition's value is what the code sees ---- */
extern unsigned long sc_kshim_warnings;
#define BUG() __builtin_trap()
#define BUG_ON(c) do { if (unlikely(c)) BUG(); } while (0)
#define WARN_ON(c) ({ int __kw = !!(c); if (unlikely(__kw)) sc_kshim_warnings++; unlikely(__kw); })
#define WARN_ON_ONCE(c) WARN_ON(c)
#define WARN(c, fmt...) WARN_ON(c)
#define WARN_ONCE(c, fmt...) WARN_ON(c)

/* ---- exports: every symbol of the candidate is visible already; an
 * export is only a declaration (it swallows the line's semicolon) ---- */
#define EXPORT_SYMBOL(sym) extern typeof(sym) sym
#define EXPORT_SYMBOL_GPL(sym) EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_NS(sym, ns) EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_NS_GPL(sym, ns) EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_FOR_MODULES(sym, mods) EXPORT_SYMBOL(sym)
#define module_init(fn)
#define module_exit(fn)
#define MODULE_LICENSE(x)
#define MODULE_DESCRIPTION(x)

/* ---- errno: Linux's numbers ---- */
#define EPERM 1
#define ENOENT 2
#define EINTR 4
#define EIO 5
#define E2BIG 7
#define EAGAIN 11
#define ENOMEM 12
#define EFAULT 14
#define EBUSY 16
#define EEXIST 17
#define ENODEV 19
#define EINVAL 22
#define ENOSPC 28
#define ERANGE 34
#define ENAMETOOLONG 36
#define ENOSYS 38
#define ENODATA 61
#define EOVERFLOW 75
#define EOPNOTSUPP 95

/* ---- ctype: ASCII only, as the kernel's for these bytes ---- */
static inline int kshim_in(int c, int lo, int hi)
{
	return c >= lo && c <= hi;
}
#define isdigit(c) kshim_in((unsigned char)(c), '0', '9')
#define isupper(c) kshim_in((unsigned char)(c), 'A', 'Z')
#define islower(c) kshim_in((unsigned char)(c), 'a', 'z')
#define isalpha(c) (isupper(c) || islower(c))
#define isalnum(c) (isalpha(c) || isdigit(c))
#define isxdigit(c) (isdigit(c) || kshim_in((unsigned char)(c) | 0x20, 'a', 'f'))
#define isspace(c) ((unsigned char)(c) == ' ' || kshim_in((unsigned char)(c), 9, 13))
#define isprint(c) kshim_in((unsigned char)(c), 32, 126)
#define ispunct(c) (isprint(c) && !isalnum(c) && (unsigned char)(c) != ' ')
#define iscntrl(c) ((unsigned char)(c) < 32 || (unsigned char)(c) == 127)
#define isascii(c) ((unsigned char)(c) <= 127)
static inline unsigned char tolower(unsigned char c)
{
	return isupper(c) ? c | 0x20 : c;
}
static inline unsigned char toupper(unsigned char c)
{
	return islower(c) ? c & ~0x20 : c;
}
#define _tolower(c) ((c) | 0x20)

/* ---- page size: the target's smallest (override with -DKSHIM_PAGE_SHIFT) ---- */
#ifndef KSHIM_PAGE_SHIFT
#define KSHIM_PAGE_SHIFT 12
#endif
#define PAGE_SHIFT KSHIM_PAGE_SHIFT
#define PAGE_SIZE (1UL << PAGE_SHIFT)
#define PAGE_MASK (~(PAGE_SIZE - 1))
#define offset_in_page(p) ((unsigned long)(p) & ~PAGE_MASK)

/* ---- byte order: exactly one of __LITTLE_ENDIAN, __BIG_ENDIAN, from the
 * compiler's target, never the C library's (which defines both) ---- */
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define __BIG_ENDIAN 4321
#define __BIG_ENDIAN_BITFIELD
#define cpu_to_le16(x) ((__le16)__builtin_bswap16(x))
#define cpu_to_le32(x) ((__le32)__builtin_bswap32(x))
#define cpu_to_le64(x) ((__le64)__builtin_bswap64(x))
#define cpu_to_be16(x) ((__be16)(x))
#define cpu_to_be32(x) ((__be32)(x))
#define cpu_to_be64(x) ((__be64)(x))
#else
#define __LITTLE_ENDIAN 1234
#define __LITTLE_ENDIAN_BITFIELD
#define cpu_to_le16(x) ((__le16)(x))
#define cpu_to_le32(x) ((__le32)(x))
#define cpu_to_le64(x) ((__le64)(x))
#define cpu_to_be16(x) ((__be16)__builtin_bswap16(x))
#define cpu_to_be32(x) ((__be32)__builtin_bswap32(x))
#define cpu_to_be64(x) ((__be64)__builtin_bswap64(x))
#endif
#define le16_to_cpu(x) ((u16)cpu_to_le16(x))
#define le32_to_cpu(x) ((u32)cpu_to_le32(x))
#define le64_to_cpu(x) ((u64)cpu_to_le64(x))
#define be16_to_cpu(x) ((u16)cpu_to_be16(x))
#define be32_to_cpu(x) ((u32)cpu_to_be32(x))
#define be64_to_cpu(x) ((u64)cpu_to_be64(x))
#define swab16(x) __builtin_bswap16(x)
#define swab32(x) __builtin_bswap32(x)
#define swab64(x) __builtin_bswap64(x)

/* ---- unaligned access ---- */
/* Through a packed struct: the compiler then makes no alignment assumption,
 * and a const pointer stays const. */
#define get_unaligned(p) ({						\
	const struct { typeof(*(p)) v; } __attribute__((__packed__)) *__ku = (const void *)(p); \
	__ku->v;							\
})
#define put_unaligned(val, p) do {					\
	struct { typeof(*(p)) v; } __attribute__((__packed__)) *__ku = (void *)(p); \
	__ku->v = (val);						\
} while (0)

/* ---- allocation: the string code's callers, never the copies checked ---- */
#define GFP_KERNEL 0u
#define GFP_ATOMIC 0u

#endif
