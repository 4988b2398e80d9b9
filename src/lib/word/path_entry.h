/*
 * path_entry.h - how every strscpy path starts: the counts it rejects
 * before reading, the word step's "go on" value, and the body of the
 * x86-64 vector paths' entry point (VEC_ENTRY).  Nothing here copies: a
 * path that ends with pieces of its own (strscpy_avx512.c: masked loads
 * and stores) includes this and not word_step.h or vec_x86.h, so that
 * their pieces, which it does not call, are not compiled into it (a
 * coverage build counts such unused copies of a header's functions as
 * missed lines of that header).
 */
#ifndef PATH_ENTRY_H
#define PATH_ENTRY_H

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "word_at_a_time.h"

/*
 * Every path's entry point starts a 64-byte line: a short call is a few
 * dozen instructions, and where the linker happened to put them moved its
 * time by up to 25% (make bench: two byte-identical entries at 0.75 and
 * 0.92 of strscpy()'s time), which is not the code's.
 */
#if defined(__GNUC__) || defined(__clang__)
#define PATH_ALIGN __attribute__((aligned(64)))
#else
#define PATH_ALIGN
#endif

/* Not a return value of strscpy: the step copied bytes, go on. */
#define STEP_MORE ((ssize_t)-1)

/* Counts every path rejects before reading: 0 (no room for the NUL) and
 * above INT_MAX (a negative length cast to size_t: a caller bug; the
 * kernel rejects them too). */
static inline int count_rejected(size_t count)
{
	return count == 0 || count > INT_MAX;
}

/*
 * The vector paths load past the NUL (inside the page), which
 * AddressSanitizer would call an overflow of the caller's string: their
 * functions are not instrumented (as with load_word).
 */
#define VEC_NO_ASAN WAT_NO_ASAN

/*
 * The body of a vector path's entry point, shared by the SSE2, AVX2 and
 * AVX-512 paths (a macro: the vector type differs): the counts every path
 * rejects; then, where head bytes are left in the source's page, up to
 * head / w loads of w bytes inline, each decided on and stored before the
 * next (a short string, the common case, is done here, without a stack
 * frame); the rest, or all of it near a page's end, in copy_rest(dest,
 * src, count, res), which has the loop and its registers to save.  vec,
 * load, zeros, finish, nul_in and store are the path's w-byte type and
 * pieces, as vec_load16, vec_zeros16, vec_finish16, vec_nul_in16 and
 * vec_store16 (vec_x86.h) are for 16 bytes.
 */
#define VEC_ENTRY(vec, w, head, load, zeros, finish, nul_in, store, copy_rest) \
	do { \
		if (count_rejected(count)) \
			return -E2BIG; \
		if (wat_page_left(src) < (head)) \
			return copy_rest(dest, src, count, 0); \
		for (size_t at = 0; at < (head); at += (w)) { \
			vec v = load(src + at); \
			unsigned m = zeros(v); \
			if (count - at <= (w)) \
				return finish(dest, v, m, at, count - at); \
			if (m) \
				return nul_in(dest, v, m, at); \
			store(dest + at, v); \
		} \
		return copy_rest(dest, src, count, (head)); \
	} while (0)

#endif
