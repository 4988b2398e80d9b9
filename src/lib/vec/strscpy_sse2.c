#include "../strscpy_paths.h"

#if STRSCPY_X86_64
#include "vec_x86.h"

/* The round of a, b, c, e at src + res holds the NUL: store up to it. */
VEC_NO_ASAN static ssize_t nul_in4(char *dest, __m128i a, __m128i b, __m128i c, __m128i e,
				   size_t res)
{
	unsigned m = vec_zeros16(a);

	if (m)
		return vec_nul_in16(dest, a, m, res);
	_mm_storeu_si128((__m128i *)(dest + res), a);
	if ((m = vec_zeros16(b)) != 0)
		return vec_nul_in16(dest, b, m, res + 16);
	_mm_storeu_si128((__m128i *)(dest + res + 16), b);
	if ((m = vec_zeros16(c)) != 0)
		return vec_nul_in16(dest, c, m, res + 32);
	_mm_storeu_si128((__m128i *)(dest + res + 32), c);
	return vec_nul_in16(dest, e, vec_zeros16(e), res + 48);
}

/*
 * The copy from src[res] on: 64 bytes a round (four unaligned 16-byte loads, one test
 * of their unsigned minimum for a zero byte) while 64 bytes fit before
 * both the end of the source's page and dest[count-1]; vec_step16 for the
 * rest.  The round that holds the NUL is finished from its own loads.
 */
VEC_NO_ASAN __attribute__((noinline)) static ssize_t copy_rest(char *dest, const char *src,
								size_t count, size_t res)
{
	for (;;) {
		size_t room = wat_page_left(src + res);
		ssize_t ret;

		if (room > count - res - 1)
			room = count - res - 1;
		for (; room >= 64; room -= 64, res += 64) {
			const char *s = src + res;
			char *d = dest + res;
			__m128i a = vec_load16(s), b = vec_load16(s + 16), c = vec_load16(s + 32);
			__m128i e = vec_load16(s + 48);
			__m128i low = _mm_min_epu8(_mm_min_epu8(a, b), _mm_min_epu8(c, e));

			if (vec_zeros16(low))
				return nul_in4(dest, a, b, c, e, res);
			_mm_storeu_si128((__m128i *)d, a);
			_mm_storeu_si128((__m128i *)(d + 16), b);
			_mm_storeu_si128((__m128i *)(d + 32), c);
			_mm_storeu_si128((__m128i *)(d + 48), e);
		}
		ret = vec_step16(dest, src, count, &res);
		if (ret != STEP_MORE)
			return ret;
	}
}
/*
 * x86-64, SSE2.  A string shorter than 64 bytes, or a count up to 64,
 * takes one to four loads and a few instructions (VEC_ENTRY); copy_rest
 * does the rest of longer ones.
 */
VEC_NO_ASAN PATH_ALIGN ssize_t strscpy_sse2(char *dest, const char *src, size_t count)
{
	VEC_ENTRY(__m128i, 16, 64, vec_load16, vec_zeros16, vec_finish16, vec_nul_in16,
		  vec_store16, copy_rest);
}
#endif
