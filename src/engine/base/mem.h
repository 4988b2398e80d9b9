/*
 * mem.h - the checker's bulk byte work: copies, compares and searches of
 * case windows, canaries and sources (up to 130 KB a case).
 *
 * They are memcpy, memcmp and memchr, except in two kinds of build:
 *
 * With SC_MEM_DIRECT (the fuzz harnesses whose checker is built without
 * sanitizers, FUZZ_CHECKER=lean in mk/fuzz.mk) they call the C library's
 * functions directly, not the sanitizer's interceptors of the same names.
 * An interceptor checks the shadow of both ranges on every call (the
 * arenas are mmap'd: ASan has nothing to say about them) and hands every
 * compare to libFuzzer's hooks, which then learn the checker's canaries
 * instead of the candidate's branches: measured, that was a third of a
 * fuzz execution (docs/speed.md, "Fuzzer speed").
 *
 * With SC_MEM_WORDS (set below for s390x, aarch64 and 32-bit arm) compare
 * and search are the word-at-a-time loops of mem.c.  These builds run
 * under qemu-user here (the cross suite), where the C library's versions
 * are slow: s390x's are the CLC and SRST instructions, which qemu emulates
 * one byte per helper call (a 4 KiB compare 32 times slower than the word
 * loop), and aarch64's and armhf's code is emulated 2-3 times slower than
 * it; powerpc's and riscv64's are as fast or faster.  memcpy stays the C
 * library's everywhere (docs/architectures.md, "The checker's own byte
 * work").
 */
#ifndef SC_MEM_H
#define SC_MEM_H

#include <stddef.h>
#include <string.h>

#if !defined(SC_MEM_DIRECT) && !defined(SC_MEM_LIBC) && \
	(defined(__s390x__) || defined(__aarch64__) || defined(__arm__))
#define SC_MEM_WORDS 1
#endif

/*
 * memcmp and memchr a word (unsigned long) at a time, for every build (the
 * native tests check them against the C library's under the sanitizers):
 * the same results, reading no byte outside the n given, with no
 * assumption about alignment or byte order.  sc_memcmp_words returns the
 * difference of the first differing bytes (as unsigned char), 0 if none.
 */
int sc_memcmp_words(const void *a, const void *b, size_t n);
void *sc_memchr_words(const void *s, int c, size_t n);

#ifdef SC_MEM_DIRECT
struct sc_mem_fns {
	void *(*copy)(void *, const void *, size_t);
	int (*cmp)(const void *, const void *, size_t);
	void *(*chr)(const void *, int, size_t);
};
/* The C library's own functions, found once at start-up (mem.c). */
extern struct sc_mem_fns sc_mem;
#define sc_memcpy(d, s, n) sc_mem.copy((d), (s), (n))
#define sc_memcmp(a, b, n) sc_mem.cmp((a), (b), (n))
#define sc_memchr(s, c, n) sc_mem.chr((s), (c), (n))
#elif defined(SC_MEM_WORDS)
#define sc_memcpy(d, s, n) memcpy((d), (s), (n))
#define sc_memcmp(a, b, n) sc_memcmp_words((a), (b), (n))
#define sc_memchr(s, c, n) sc_memchr_words((s), (c), (n))
#else
#define sc_memcpy(d, s, n) memcpy((d), (s), (n))
#define sc_memcmp(a, b, n) memcmp((a), (b), (n))
#define sc_memchr(s, c, n) memchr((s), (c), (n))
#endif

#endif
