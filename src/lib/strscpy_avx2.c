#include "strscpy_paths.h"

#if STRSCPY_X86_64
#include <immintrin.h>

#include "vec_x86.h"

/* Everything that touches a 256-bit register is compiled for AVX2 only
 * here; strscpy() calls this path only when the CPU has it. */
#define AVX2 __attribute__((target("avx2")))

/* 32 bytes from p, loaded once (WAT_ONCE in word_at_a_time.h). */
AVX2 static inline __m256i load32(const char *p)
{
	__m256i v = _mm256_loadu_si256((const __m256i *)p);

	WAT_ONCE(v, "x");
	return v;
}

AVX2 static inline unsigned zeros32(__m256i v)
{
	return (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_setzero_si256()));
}

/* v with its bytes from k on zeroed (0 <= k <= 32). */
AVX2 static inline __m256i keep32(__m256i v, unsigned k)
{
	const __m256i index = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
					       16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
					       30, 31);

	return _mm256_and_si256(v, _mm256_cmpgt_epi8(_mm256_set1_epi8((char)k), index));
}

/* The 32 bytes of v, the first of them the NUL's or not; store, return. */
AVX2 static inline ssize_t nul_in(char *dest, __m256i v, unsigned m, size_t res)
{
	unsigned k = (unsigned)__builtin_ctz(m);

	_mm256_storeu_si256((__m256i *)(dest + res), keep32(v, k));
	return (ssize_t)(res + k);
}

/*
 * The next at most 32 bytes from src[*res] on: one 32-byte load when 32
 * bytes are left in the page, else vec_step16.  Same returns as word_step.
 */
AVX2 static inline ssize_t step32(char *dest, const char *src, size_t count, size_t *res)
{
	size_t left = count - *res;
	__m256i v;
	unsigned m;

	if (wat_page_left(src + *res) < 32)
		return vec_step16(dest, src, count, res);
	v = load32(src + *res);
	m = zeros32(v);
	if (left > 32) {
		if (m)
			return nul_in(dest, v, m, *res);
		_mm256_storeu_si256((__m256i *)(dest + *res), v);
		*res += 32;
		return STEP_MORE;
	}
	/* The last 1..32 bytes: the first half whole, the rest in pieces. */
	if (left > 16 && (m & 0xffffu) == 0) {
		_mm_storeu_si128((__m128i *)(dest + *res), _mm256_castsi256_si128(v));
		return vec_finish16(dest, _mm256_extracti128_si256(v, 1), m >> 16, *res + 16,
				    left - 16);
	}
	return vec_finish16(dest, _mm256_castsi256_si128(v), m & 0xffffu, *res,
			    left < 16 ? left : 16);
}

/*
 * x86-64, AVX2: 64 bytes a round (two unaligned 32-byte loads, one test of
 * their unsigned minimum for a zero byte) while 64 bytes fit before both
 * the end of the source's page and dest[count-1]; step32 for the rest.
 * The round that holds the NUL is finished from its own loads.
 */
AVX2 VEC_NO_ASAN ssize_t strscpy_avx2(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	if (count_rejected(count))
		return -E2BIG;
	for (;;) {
		size_t room = wat_page_left(src + res);
		ssize_t ret;

		if (room > count - res - 1)
			room = count - res - 1;
		for (; room >= 64; room -= 64) {
			__m256i a = load32(src + res);
			__m256i b = load32(src + res + 32);
			unsigned m = zeros32(_mm256_min_epu8(a, b));

			if (m) {
				m = zeros32(a);
				if (m)
					return nul_in(dest, a, m, res);
				_mm256_storeu_si256((__m256i *)(dest + res), a);
				return nul_in(dest, b, zeros32(b), res + 32);
			}
			_mm256_storeu_si256((__m256i *)(dest + res), a);
			_mm256_storeu_si256((__m256i *)(dest + res + 32), b);
			res += 64;
		}
		ret = step32(dest, src, count, &res);
		if (ret != STEP_MORE)
			return ret;
	}
}
#endif
