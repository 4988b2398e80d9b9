/*
 * vec_x86.h - 16-byte (SSE2) pieces of the x86-64 paths, kept to the rules
 * in word_step.h: a 16-byte load only where 16 bytes are left in the page
 * (else a word_step), each byte decided on from one load, each dest byte
 * stored once, nothing stored at or past dest[count] or after the NUL.
 * SSE2 is part of x86-64, so these need no CPU check.  The entry the
 * vector paths share, VEC_ENTRY, is in path_entry.h.
 */
#ifndef VEC_X86_H
#define VEC_X86_H

#include <emmintrin.h>
#include <stdint.h>
#include <string.h>

#include "vec_store.h"
#include "../word/word_step.h"

/* 16 bytes from p, loaded once (WAT_ONCE in word_at_a_time.h). */
VEC_NO_ASAN static inline __m128i vec_load16(const char *p)
{
	__m128i v = _mm_loadu_si128((const __m128i *)p);

	WAT_ONCE(v, "x");
	return v;
}

/* Mask of the bytes of v that are zero, bit i for byte i. */
VEC_NO_ASAN static inline unsigned vec_zeros16(__m128i v)
{
	return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()));
}

/* v with its bytes from k on zeroed (0 <= k <= 16). */
VEC_NO_ASAN static inline __m128i vec_keep16(__m128i v, unsigned k)
{
	const __m128i index = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);

	return _mm_and_si128(v, _mm_cmpgt_epi8(_mm_set1_epi8((char)k), index));
}

/* Store the 16 bytes of v at p. */
VEC_NO_ASAN static inline void vec_store16(char *p, __m128i v)
{
	_mm_storeu_si128((__m128i *)p, v);
}

/* The 16 bytes of v, for dest + res, hold the NUL (m = vec_zeros16(v) != 0)
 * and fit before dest[count-1]: store them up to the NUL, nothing after. */
VEC_NO_ASAN static inline ssize_t vec_nul_in16(char *dest, __m128i v, unsigned m, size_t res)
{
	unsigned k = (unsigned)__builtin_ctz(m);

	vec_store_first16(dest + res, v, k + 1);
	return (ssize_t)(res + k);
}

/*
 * The last bytes of the copy, from one load v of src + res: left =
 * count - res (1..16) bytes still to go; m = vec_zeros16(v).  Returns the
 * length or -E2BIG.
 */
VEC_NO_ASAN static inline ssize_t vec_finish16(char *dest, __m128i v, unsigned m, size_t res,
						size_t left)
{
	if (left < 16)
		m &= (1u << left) - 1;
	if (m) {
		unsigned k = (unsigned)__builtin_ctz(m);

		vec_store_first16(dest + res, v, k + 1);
		return (ssize_t)(res + k);
	}
	vec_store_first16(dest + res, vec_keep16(v, (unsigned)left - 1), left);
	return -E2BIG;
}

/*
 * Copy the next at most 16 bytes from src[*res] on: one 16-byte load when
 * 16 bytes are left in the page, else a word_step.  Same returns as
 * word_step.
 */
VEC_NO_ASAN static inline ssize_t vec_step16(char *dest, const char *src, size_t count,
					      size_t *res)
{
	size_t left = count - *res;
	__m128i v;
	unsigned m;

	if (wat_page_left(src + *res) < 16)
		return word_step(dest, src, count, res);
	v = vec_load16(src + *res);
	m = vec_zeros16(v);
	if (left <= 16)
		return vec_finish16(dest, v, m, *res, left);
	if (m)
		return vec_nul_in16(dest, v, m, *res);
	_mm_storeu_si128((__m128i *)(dest + *res), v);
	*res += 16;
	return STEP_MORE;
}

#endif
