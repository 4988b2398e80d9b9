/*
 * strscpy_paths.h - the ways the library can copy, each one a complete
 * strscpy (same contract as strscpy() in strscpy.h), exported from the
 * shared library under its own name so that a test, a benchmark or
 * `strcheck --symbol=NAME` can pick one.  strscpy() itself calls the best
 * one this CPU runs, chosen at its first call.  Not installed: the
 * public interface is strscpy.h.
 *
 *   strscpy_word   portable C, word at a time (every target)
 *   strscpy_sse2   x86-64: 16-byte vectors (every x86-64 CPU)
 *   strscpy_avx512 x86-64: 32-byte EVEX vectors (the first 96 bytes, the
 *                  last ones in one masked store), the AVX2 path's rounds
 *                  up to ZMM_FROM bytes, 64-byte ones after; only on a CPU
 *                  with AVX-512 F, BW and VL; for CPUs that run 512-bit
 *                  operations at full width and clock (docs/speed.md)
 *   strscpy_avx512_avx2  the same without 64-byte vectors (EVEX-256, as
 *                  glibc's *_evex): for CPUs that run 512-bit operations
 *                  in two halves (AMD Zen 4) or at a lower clock
 *   strscpy_avx2   x86-64: 32-byte vectors; only on a CPU with AVX2
 *   strscpy_neon   aarch64: 16-byte NEON vectors (every aarch64 CPU)
 */
#ifndef STRSCPY_PATHS_H
#define STRSCPY_PATHS_H

#include <stddef.h>
#include <sys/types.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define STRSCPY_X86_64 1
#else
#define STRSCPY_X86_64 0
#endif
#if defined(__aarch64__) && defined(__ARM_NEON) && (defined(__GNUC__) || defined(__clang__))
#define STRSCPY_AARCH64 1
#else
#define STRSCPY_AARCH64 0
#endif

typedef ssize_t (*strscpy_fn)(char *dest, const char *src, size_t count);

ssize_t strscpy_word(char *dest, const char *src, size_t count);
#if STRSCPY_X86_64
ssize_t strscpy_sse2(char *dest, const char *src, size_t count);
ssize_t strscpy_avx2(char *dest, const char *src, size_t count);
ssize_t strscpy_avx512(char *dest, const char *src, size_t count);
ssize_t strscpy_avx512_avx2(char *dest, const char *src, size_t count);
/* The AVX2 path's copy from src[res] on (its rounds after the entry):
 * shared with strscpy_avx512_avx2, not exported. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((visibility("hidden")))
#endif
ssize_t strscpy_avx2_rest(char *dest, const char *src, size_t count, size_t res);
#endif
#if STRSCPY_AARCH64
ssize_t strscpy_neon(char *dest, const char *src, size_t count);
#endif

struct strscpy_path {
	const char *name;  /* its exported symbol */
	strscpy_fn fn;
	int usable;        /* this CPU runs it: it has every feature the path uses */
	char missing[48];  /* if not, the features it lacks ("avx512bw avx512vl") */
};

/*
 * The paths of this build, widest first, written to out (at most max);
 * returns how many there are.  strscpy() runs the one strscpy_choose()
 * (strscpy_cpu.h) picks of the usable ones.
 * Linked statically only (tests, benchmark, fuzzers): not exported.
 */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((visibility("hidden")))
#endif
size_t strscpy_paths(struct strscpy_path *out, size_t max);

#endif
