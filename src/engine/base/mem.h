/*
 * mem.h - the checker's bulk byte work: copies, compares and searches of
 * case windows, canaries and sources (up to 130 KB a case).
 *
 * They are memcpy, memcmp and memchr, except in a build with
 * SC_MEM_DIRECT (the fuzz harnesses whose checker is built without
 * sanitizers, FUZZ_CHECKER=lean in mk/fuzz.mk): there they call the C
 * library's functions directly, not the sanitizer's interceptors of the
 * same names.  An interceptor checks the shadow of both ranges on every
 * call (the arenas are mmap'd: ASan has nothing to say about them) and
 * hands every compare to libFuzzer's hooks, which then learn the
 * checker's canaries instead of the candidate's branches: measured, that
 * was a third of a fuzz execution (docs/speed.md, "Fuzzer speed").
 */
#ifndef SC_MEM_H
#define SC_MEM_H

#include <stddef.h>
#include <string.h>

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
#else
#define sc_memcpy(d, s, n) memcpy((d), (s), (n))
#define sc_memcmp(a, b, n) memcmp((a), (b), (n))
#define sc_memchr(s, c, n) memchr((s), (c), (n))
#endif

#endif
