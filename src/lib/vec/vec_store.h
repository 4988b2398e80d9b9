/*
 * vec_store.h - the x86-64 paths' partial store of a 16-byte vector, in
 * 8, 4, 2 and 1-byte pieces (each dest byte stored once, none past the
 * n).  Its own header so that strscpy_avx512.c can use it without
 * vec_x86.h and word_step.h, whose other pieces it does not call (see
 * path_entry.h on coverage).
 */
#ifndef VEC_STORE_H
#define VEC_STORE_H

#include <emmintrin.h>
#include <stdint.h>
#include <string.h>

#include "../word/path_entry.h"

/* Store the first n bytes of v at p (0 <= n <= 16), each once. */
VEC_NO_ASAN static inline void vec_store_first16(char *p, __m128i v, size_t n)
{
	uint64_t w;

	if (n >= 16) {
		_mm_storeu_si128((__m128i *)p, v);
		return;
	}
	w = (uint64_t)_mm_cvtsi128_si64(v);
	if (n & 8) {
		memcpy(p, &w, 8);
		p += 8;
		w = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v));
	}
	if (n & 4) {
		uint32_t x = (uint32_t)w;

		memcpy(p, &x, 4);
		p += 4;
		w >>= 32;
	}
	if (n & 2) {
		uint16_t x = (uint16_t)w;

		memcpy(p, &x, 2);
		p += 2;
		w >>= 16;
	}
	if (n & 1)
		*p = (char)w;
}

#endif
