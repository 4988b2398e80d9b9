/* mem.c - memcmp and memchr a word at a time, and the C library's memcpy,
 * memcmp and memchr past any interceptor (mem.h). */
#include <stdint.h>

#include "mem.h"

typedef unsigned long word;

#define W sizeof(word)
#define ONES ((word)-1 / 0xff)  /* 0x01 in every byte */
#define HIGHS (ONES * 0x80)     /* 0x80 in every byte */

/* A word from memory as it lies there, at any address: memcpy, which the
 * compiler makes one load (no aliasing or alignment questions). */
static inline word load(const unsigned char *p)
{
	word w;

	memcpy(&w, p, W);
	return w;
}

/* The same from a word-aligned address: one load even where unaligned
 * ones take several (riscv64) or trap. */
static inline word load_aligned(const unsigned char *p)
{
	word w;

	memcpy(&w, __builtin_assume_aligned(p, W), W);
	return w;
}

/* Non-zero if w has a zero byte.  Exact as a yes or no, not as to which
 * byte (a borrow can mark the byte above a zero): the byte loop after the
 * word loop finds it, which keeps the byte order out of this file. */
static inline word has_zero(word w)
{
	return (w - ONES) & ~w & HIGHS;
}

int sc_memcmp_words(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n && (uintptr_t)p % W; p++, q++, n--)
		if (*p != *q)
			return *p - *q;
	/* Two words a round: half the loop's branches under emulation. */
	while (n >= 2 * W && load_aligned(p) == load(q) && load_aligned(p + W) == load(q + W))
		p += 2 * W, q += 2 * W, n -= 2 * W;
	/* The rest, and the first difference within the round that has it. */
	for (; n; p++, q++, n--)
		if (*p != *q)
			return *p - *q;
	return 0;
}

void *sc_memchr_words(const void *s, int c, size_t n)
{
	const unsigned char *p = s;
	unsigned char b = (unsigned char)c;
	word rep = ONES * b;

	for (; n && (uintptr_t)p % W; p++, n--)
		if (*p == b)
			return (void *)p;
	/* A byte equal to b is a zero byte of the word xor b in every byte. */
	while (n >= 2 * W && !has_zero(load_aligned(p) ^ rep) && !has_zero(load_aligned(p + W) ^ rep))
		p += 2 * W, n -= 2 * W;
	for (; n; p++, n--)
		if (*p == b)
			return (void *)p;
	return NULL;
}

#ifdef SC_MEM_DIRECT
#include <dlfcn.h>

struct sc_mem_fns sc_mem = { memcpy, memcmp, memchr };

/*
 * RTLD_NEXT from the program skips the program itself, where a sanitizer
 * runtime linked statically defines the interceptors, and finds the C
 * library's definitions.  Until then, and if one is not found, the plain
 * functions serve: only slower.
 */
__attribute__((constructor)) static void find_direct(void)
{
	void *p;

	if ((p = dlsym(RTLD_NEXT, "memcpy")))
		sc_mem.copy = (void *(*)(void *, const void *, size_t))p;
	if ((p = dlsym(RTLD_NEXT, "memcmp")))
		sc_mem.cmp = (int (*)(const void *, const void *, size_t))p;
	if ((p = dlsym(RTLD_NEXT, "memchr")))
		sc_mem.chr = (void *(*)(const void *, int, size_t))p;
}
#endif
