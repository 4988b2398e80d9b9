/*
 * kshim/compiler.h - the kernel's compiler attributes and helper macros,
 * as plain GCC/Clang attributes (strcheck kernel shim, no kernel code).
 */
#ifndef KSHIM_COMPILER_H
#define KSHIM_COMPILER_H

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define __always_inline inline __attribute__((__always_inline__))
#define noinline __attribute__((__noinline__))
#define __weak __attribute__((__weak__))
#define __maybe_unused __attribute__((__unused__))
#define __always_unused __attribute__((__unused__))
#define __used __attribute__((__used__))
#define __must_check __attribute__((__warn_unused_result__))
#define __pure __attribute__((__pure__))
#define __attribute_const__ __attribute__((__const__))
#define __cold __attribute__((__cold__))
#define __noreturn __attribute__((__noreturn__))
#define __packed __attribute__((__packed__))
#define __aligned(x) __attribute__((__aligned__(x)))
#define __printf(a, b) __attribute__((__format__(printf, a, b)))
#define __section(s) __attribute__((__section__(s)))
#define __alias(s) __attribute__((__alias__(#s)))
#define __nonstring
#define __counted_by(m)
#define __force
#define __user
#define __iomem
#define __kernel
#define __rcu
#define __percpu
#define __init
#define __exit
#define __initdata
#define __initconst
#define noinstr
#define notrace
#define __nocfi
#define __no_sanitize_address
#define __no_kasan_or_inline __always_inline
#define __no_sanitize_or_inline __always_inline
#define __diag_push()
#define __diag_pop()
#define __diag_ignore(c, v, o, r)
#define __diag_ignore_all(o, r)
#if defined(__has_attribute)
#if __has_attribute(__externally_visible__)
#define __visible __attribute__((__externally_visible__))
#endif
#if __has_attribute(__fallthrough__)
#define fallthrough __attribute__((__fallthrough__))
#endif
#endif
#ifndef fallthrough
#define fallthrough do {} while (0)
#endif
#ifndef __visible
#define __visible
#endif
#define asm_volatile_goto(x...) asm goto(x)
#define asm_goto_output(x...) asm goto(x)
#define asm_inline asm

#define barrier() __asm__ __volatile__("" : : : "memory")
#define barrier_data(ptr) __asm__ __volatile__("" : : "r"(ptr) : "memory")

#define ___PASTE(a, b) a##b
#define __PASTE(a, b) ___PASTE(a, b)
#define __KSHIM_CONCAT(a, b) a##b
#define CONCATENATE(a, b) __KSHIM_CONCAT(a, b)
#define __stringify_1(x...) #x
#define __stringify(x...) __stringify_1(x)
#define __KSHIM_COUNT(_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, n, ...) n
#define COUNT_ARGS(X...) __KSHIM_COUNT(, ##X, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)

#define __same_type(a, b) __builtin_types_compatible_p(typeof(a), typeof(b))
#define BUILD_BUG_ON_ZERO(e) ((int)(sizeof(struct { int:(-!!(e)); })))
#define BUILD_BUG_ON(e) ((void)BUILD_BUG_ON_ZERO(e))
#define BUILD_BUG_ON_MSG(e, msg) BUILD_BUG_ON(e)
#define __must_be_array(a) BUILD_BUG_ON_ZERO(__same_type((a), &(a)[0]))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]) + __must_be_array(a))
#define static_assert(expr, ...) _Static_assert(expr, #expr)

/* Loads and stores the compiler may not tear or merge. */
#define READ_ONCE(x) (*(const volatile typeof(x) *)&(x))
#define WRITE_ONCE(x, val) do { *(volatile typeof(x) *)&(x) = (val); } while (0)
#define __READ_ONCE(x) READ_ONCE(x)
#define READ_ONCE_NOCHECK(x) READ_ONCE(x)

/* A whole-word load that may read past the end of the object (the
 * kernel's word-at-a-time string code): a plain load here. */
static __always_inline unsigned long read_word_at_a_time(const void *addr)
{
	return *(const unsigned long *)addr;
}

#endif
