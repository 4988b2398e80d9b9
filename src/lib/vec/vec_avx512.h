/*
 * vec_avx512.h - the AVX-512 (F, BW, VL) path's pieces: 32- and 64-byte
 * loads, zero tests, and the masked stores that end a copy with exactly
 * the bytes wanted (strscpy_avx512.c, the only user).
 *
 * A masked-off byte is not accessed, but one on a page that is not
 * present (not mapped, or never touched) costs a microcode assist, about
 * 200 ns a call on the CPU this was measured on (AMD Zen 5; docs/speed.md).
 * So no masked store's span reaches a page none of its stored bytes is
 * on: a store that would goes in pieces (mstore32, mstore64).
 */
#ifndef VEC_AVX512_H
#define VEC_AVX512_H

#include <immintrin.h>

#include "../word/path_entry.h"
#include "vec_store.h"

#define AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl"))) VEC_NO_ASAN
/* strscpy_avx512's 64-byte pieces also take BMI1 and BMI2 (every
 * AVX-512 CPU has both; strscpy_paths checks): bzhi makes a byte mask
 * in one instruction (at 255 bytes truncated, 1.1x faster, AMD Zen 5). */
#define AVX512Z __attribute__((target("avx2,bmi,bmi2,avx512f,avx512bw,avx512vl"))) VEC_NO_ASAN
/* Inlined whatever the compiler thinks: a call that passes a zmm
 * register realigns the caller's stack to 64 bytes (a frame in every
 * call of the entry: 255 bytes took 1.2x as long, AMD Zen 5). */
#define AVX512_INLINE AVX512 __attribute__((always_inline)) static inline
#define AVX512Z_INLINE AVX512Z __attribute__((always_inline)) static inline

/* The first n bytes (0 <= n <= 32 or 64) as a mask. */
static inline __mmask32 first32(size_t n)
{
	return n ? 0xffffffffu >> (32 - n) : 0;
}

AVX512Z_INLINE __mmask64 first64(size_t n)
{
	return _bzhi_u64(~0ull, (unsigned)n);
}

/*
 * The first n bytes (0..31) of v at p in 16, 8, 4, 2 and 1-byte pieces,
 * each an unmasked store of bytes wanted: mstore's rare case, where a
 * masked store's span would reach into a page that none of its bytes are
 * on.  (Moving the span back to end at the page's end needs the bytes
 * moved up: through a stack buffer that gave the entry a stack frame, or
 * a byte permute that AVX-512 BW does not have.)
 */
AVX512 static inline void store_pieces32(char *p, __m256i v, size_t n)
{
	__m128i x = _mm256_castsi256_si128(v);

	if (n & 16) {
		_mm_storeu_si128((__m128i *)p, x);
		p += 16;
		x = _mm256_extracti128_si256(v, 1);
	}
	vec_store_first16(p, x, n & 15);
}

/*
 * Store the first n bytes (1..32) of v at p: one masked store, unless its
 * 32-byte span would reach into the next page and the n bytes do not
 * (see the top); then in pieces.
 */
AVX512_INLINE void mstore32(char *p, __m256i v, size_t n)
{
	size_t room = wat_page_left(p);

	if (__builtin_expect(room >= 32 || n > room, 1))
		_mm256_mask_storeu_epi8(p, first32(n), v);
	else
		store_pieces32(p, v, n);
}

/* As mstore32, the first n bytes (1..64) of a 64-byte v. */
AVX512Z_INLINE void mstore64(char *p, __m512i v, size_t n)
{
	size_t room = wat_page_left(p);

	if (__builtin_expect(room >= 64 || n > room, 1)) {
		_mm512_mask_storeu_epi8(p, first64(n), v);
		return;
	}
	if (n & 32) {
		_mm256_storeu_si256((__m256i *)p, _mm512_castsi512_si256(v));
		store_pieces32(p + 32, _mm512_extracti64x4_epi64(v, 1), n - 32);
	} else {
		store_pieces32(p, _mm512_castsi512_si256(v), n);
	}
}

/* 32 bytes from p, loaded once (WAT_ONCE in word_at_a_time.h). */
AVX512_INLINE __m256i load32(const char *p)
{
	__m256i v = _mm256_loadu_si256((const __m256i *)p);

	WAT_ONCE(v, "v");
	return v;
}

AVX512_INLINE void store32(char *p, __m256i v)
{
	_mm256_storeu_si256((__m256i *)p, v);
}

AVX512_INLINE unsigned zeros32(__m256i v)
{
	return (unsigned)_mm256_testn_epi8_mask(v, v);
}

/* The 32 bytes of v, for dest + res, hold the NUL (m = zeros32(v)), which
 * is before dest[count-1]: store the bytes up to it, nothing after. */
AVX512_INLINE ssize_t nul_in32(char *dest, __m256i v, unsigned m, size_t res)
{
	unsigned k = (unsigned)__builtin_ctz(m);

	mstore32(dest + res, v, k + 1);
	return (ssize_t)(res + k);
}

/*
 * The last left = count - res bytes (1..32) of the copy are in v, for
 * dest + res; m = zeros32(v).  One masked store up to the NUL; or one of
 * the left - 1 bytes, then the NUL in dest[count-1] (storing the NUL from
 * the vector, zeroed in it by a masked move, took 1.3x as long at 64
 * bytes truncated: the store waited for the move, AMD Zen 5).
 */
AVX512_INLINE ssize_t finish32(char *dest, __m256i v, unsigned m, size_t res, size_t left)
{
	m &= first32(left);
	if (m)
		return nul_in32(dest, v, m, res);
	if (left > 1)
		mstore32(dest + res, v, left - 1);
	dest[res + left - 1] = 0;
	return -E2BIG;
}

/* 64 bytes from p, loaded once. */
AVX512Z_INLINE __m512i load64(const char *p)
{
	__m512i v = _mm512_loadu_si512(p);

	WAT_ONCE(v, "v");
	return v;
}

AVX512Z_INLINE __mmask64 zeros64(__m512i v)
{
	return _mm512_testn_epi8_mask(v, v);
}

/* As nul_in32, 64 bytes. */
AVX512Z_INLINE ssize_t nul_in64(char *dest, __m512i v, __mmask64 m, size_t res)
{
	unsigned k = (unsigned)__builtin_ctzll(m);

	mstore64(dest + res, v, k + 1);
	return (ssize_t)(res + k);
}

/* The round of a, b, c, e at src + res holds the NUL: store up to it. */
AVX512Z_INLINE ssize_t nul_in4(char *dest, __m512i a, __m512i b, __m512i c, __m512i e,
			      size_t res)
{
	__mmask64 m = zeros64(a);
	char *d = dest + res;

	if (m)
		return nul_in64(dest, a, m, res);
	_mm512_storeu_si512(d, a);
	if ((m = zeros64(b)) != 0)
		return nul_in64(dest, b, m, res + 64);
	_mm512_storeu_si512(d + 64, b);
	if ((m = zeros64(c)) != 0)
		return nul_in64(dest, c, m, res + 128);
	_mm512_storeu_si512(d + 128, c);
	return nul_in64(dest, e, zeros64(e), res + 192);
}

/*
 * As finish32, 64 bytes; but where all 64 are left (a count that is a
 * multiple of 64 from where the vectors started: 64, 256, 4096, a
 * buffer's usual sizes), one whole store of v with its last lane zeroed:
 * the masked store of 63 bytes and the NUL's byte store after it took
 * 1.15x as long at 255 bytes truncated (AMD Zen 5; a zeroed lane under a
 * masked store of fewer bytes gained nothing, docs/speed.md).
 */
AVX512Z_INLINE ssize_t finish64(char *dest, __m512i v, __mmask64 m, size_t res, size_t left)
{
	m &= first64(left);
	if (m)
		return nul_in64(dest, v, m, res);
	if (left == 64) {
		_mm512_storeu_si512(dest + res, _mm512_maskz_mov_epi8(~0ull >> 1, v));
		return -E2BIG;
	}
	if (left > 1)
		mstore64(dest + res, v, left - 1);
	dest[res + left - 1] = 0;
	return -E2BIG;
}

#endif
