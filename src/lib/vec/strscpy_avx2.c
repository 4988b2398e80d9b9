#include "../strscpy_paths.h"

#if STRSCPY_X86_64
#include <immintrin.h>

#include "vec_x86.h"

/* Everything that touches a 256-bit register is compiled for AVX2 only
 * here; strscpy() calls this path only when the CPU has it. */
#define AVX2 __attribute__((target("avx2"))) VEC_NO_ASAN

/* 32 bytes from p, loaded once (WAT_ONCE in word_at_a_time.h). */
AVX2 static inline __m256i load32(const char *p)
{
	__m256i v = _mm256_loadu_si256((const __m256i *)p);

	WAT_ONCE(v, "x");
	return v;
}

AVX2 static inline void store32(char *p, __m256i v)
{
	_mm256_storeu_si256((__m256i *)p, v);
}

AVX2 static inline unsigned zeros32(__m256i v)
{
	return (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_setzero_si256()));
}

/* The 32 bytes of v, for dest + res, hold the NUL (m = zeros32(v)), which
 * is before dest[count-1]: store the bytes up to it, nothing after (the
 * first half whole if it can be, the rest in pieces). */
AVX2 static inline ssize_t nul_in(char *dest, __m256i v, unsigned m, size_t res)
{
	unsigned k = (unsigned)__builtin_ctz(m);

	if (k >= 16) {
		_mm_storeu_si128((__m128i *)(dest + res), _mm256_castsi256_si128(v));
		vec_store_first16(dest + res + 16, _mm256_extracti128_si256(v, 1), k - 15);
	} else {
		vec_store_first16(dest + res, _mm256_castsi256_si128(v), k + 1);
	}
	return (ssize_t)(res + k);
}

/* The round of a, b, c, e at src + res holds the NUL: store up to it. */
AVX2 __attribute__((noinline, cold)) static ssize_t nul_in4(char *dest, char *d, __m256i a,
							     __m256i b, __m256i c, __m256i e,
							     size_t res)
{
	unsigned m = zeros32(a);

	if (m)
		return nul_in(dest, a, m, res);
	_mm256_storeu_si256((__m256i *)d, a);
	if ((m = zeros32(b)) != 0)
		return nul_in(dest, b, m, res + 32);
	_mm256_storeu_si256((__m256i *)(d + 32), b);
	if ((m = zeros32(c)) != 0)
		return nul_in(dest, c, m, res + 64);
	_mm256_storeu_si256((__m256i *)(d + 64), c);
	return nul_in(dest, e, zeros32(e), res + 96);
}

/* The last 1..32 bytes (left) of the copy are in v, for dest + res;
 * m = zeros32(v).  The first half whole if it can be, the rest in pieces. */
AVX2 static inline ssize_t finish32(char *dest, __m256i v, unsigned m, size_t res, size_t left)
{
	if (left > 16 && (m & 0xffffu) == 0) {
		_mm_storeu_si128((__m128i *)(dest + res), _mm256_castsi256_si128(v));
		return vec_finish16(dest, _mm256_extracti128_si256(v, 1), m >> 16, res + 16,
				    left - 16);
	}
	return vec_finish16(dest, _mm256_castsi256_si128(v), m & 0xffffu, res,
			    left < 16 ? left : 16);
}

/*
 * Before a long run: copy the first h = 1..31 bytes, the ones up to the
 * next 32-byte boundary of dest, so that the run's stores do not straddle
 * cache lines (loads that do cost less).  Decides on those h bytes only;
 * the rest of the load is not looked at.  Needs 32 bytes left in the page
 * and more than 32 before dest[count-1].
 */
AVX2 static inline ssize_t align_dest(char *dest, const char *src, size_t *res)
{
	size_t h = (size_t)(-(uintptr_t)(dest + *res) & 31);
	__m256i v = load32(src + *res);
	__m128i low = _mm256_castsi256_si128(v);
	unsigned m = zeros32(v) & ((1u << h) - 1);

	if (m)
		return nul_in(dest, v, m, *res);
	if (h >= 16) {
		_mm_storeu_si128((__m128i *)(dest + *res), low);
		vec_store_first16(dest + *res + 16, _mm256_extracti128_si256(v, 1), h - 16);
	} else {
		vec_store_first16(dest + *res, low, h);
	}
	*res += h;
	return STEP_MORE;
}

/* Runs shorter than this are not worth aligning dest for: from 256, a
 * misaligned 1 KiB copy took 1.3x as long (make bench, AMD Zen 4); never
 * aligning, 16 and 64 KiB lost 4 to 10%. */
#define ALIGN_RUN 2048

/*
 * The copy from src[res] on: 128 bytes a round (four unaligned 32-byte
 * loads, one test of their unsigned minimum for a zero byte, four stores,
 * aligned when the run is long) while 128 bytes fit before both the end
 * of the source's page and dest[count-1], then 32 at a time; the last
 * bytes of the copy from one more load, the last bytes of a page in
 * vec_step16's pieces.  The load that holds the NUL is finished from.
 * Also strscpy_avx512_avx2's rest (strscpy_paths.h).
 */
AVX2 __attribute__((noinline)) static ssize_t rest_all(char *dest, const char *src,
						       size_t count, size_t res)
{
	for (;;) {
		size_t room = wat_page_left(src + res);
		const char *s;
		char *d;
		ssize_t ret;

		if (room > count - res - 1)
			room = count - res - 1;
		if (room >= ALIGN_RUN && ((uintptr_t)(dest + res) & 31)) {
			ret = align_dest(dest, src, &res);
			if (ret != STEP_MORE)
				return ret;
			continue;
		}
		s = src + res;
		d = dest + res;
		for (const char *end = s + (room & ~(size_t)127); s != end; s += 128, d += 128) {
			__m256i a = load32(s), b = load32(s + 32), c = load32(s + 64), e = load32(s + 96);
			__m256i low = _mm256_min_epu8(_mm256_min_epu8(a, b), _mm256_min_epu8(c, e));

			if (zeros32(low))
				return nul_in4(dest, d, a, b, c, e, (size_t)(s - src));
			_mm256_storeu_si256((__m256i *)d, a);
			_mm256_storeu_si256((__m256i *)(d + 32), b);
			_mm256_storeu_si256((__m256i *)(d + 64), c);
			_mm256_storeu_si256((__m256i *)(d + 96), e);
		}
		/* Under 128 bytes to the page's end or to dest[count-1]. */
		for (room &= 127; room >= 32; room -= 32, s += 32, d += 32) {
			__m256i v = load32(s);
			unsigned m = zeros32(v);

			if (m)
				return nul_in(dest, v, m, (size_t)(s - src));
			_mm256_storeu_si256((__m256i *)d, v);
		}
		res = (size_t)(s - src);
		if (count - res <= 32 && wat_page_left(s) >= 32) {
			__m256i v = load32(s);

			return finish32(dest, v, zeros32(v), res, count - res);
		}
		ret = vec_step16(dest, src, count, &res);
		if (ret != STEP_MORE)
			return ret;
	}
}

/*
 * The common case of rest_all, without its rare parts (dest's alignment
 * before a long run, the last bytes of a page), which it leaves to
 * rest_all by a tail call: with them inline, every call saved and
 * restored six registers.
 */
AVX2 __attribute__((noinline)) ssize_t strscpy_avx2_rest(char *dest, const char *src,
							  size_t count, size_t res)
{
	size_t room = wat_page_left(src + res);
	const char *s = src + res;
	char *d = dest + res;

	if (room > count - res - 1)
		room = count - res - 1;
	if (room >= ALIGN_RUN && ((uintptr_t)d & 31))
		return rest_all(dest, src, count, res);
	for (const char *end = s + (room & ~(size_t)127); s != end; s += 128, d += 128) {
		__m256i a = load32(s), b = load32(s + 32), c = load32(s + 64), e = load32(s + 96);
		__m256i low = _mm256_min_epu8(_mm256_min_epu8(a, b), _mm256_min_epu8(c, e));

		if (zeros32(low))
			return nul_in4(dest, d, a, b, c, e, (size_t)(s - src));
		_mm256_storeu_si256((__m256i *)d, a);
		_mm256_storeu_si256((__m256i *)(d + 32), b);
		_mm256_storeu_si256((__m256i *)(d + 64), c);
		_mm256_storeu_si256((__m256i *)(d + 96), e);
	}
	for (room &= 127; room >= 32; room -= 32, s += 32, d += 32) {
		__m256i v = load32(s);
		unsigned m = zeros32(v);

		if (m)
			return nul_in(dest, v, m, (size_t)(s - src));
		_mm256_storeu_si256((__m256i *)d, v);
	}
	res = (size_t)(s - src);
	if (count - res == 1) {
		/* Only dest[count-1] is left: the NUL, whether src[count-1] is
		 * one (the string fits exactly) or not (truncated); that one
		 * byte, loaded once, decides the return.  A 32-byte load and
		 * finish32 for it took 1.4x as long at 256 bytes truncated. */
		unsigned char last = *(const unsigned char *)(src + res);

		dest[res] = 0;
		return last ? -E2BIG : (ssize_t)res;
	}
	if (count - res <= 32 && wat_page_left(s) >= 32) {
		__m256i v = load32(s);

		return finish32(dest, v, zeros32(v), res, count - res);
	}
	return rest_all(dest, src, count, res);
}

/* Bytes the entry copies inline (three loads) before copy_rest. */
#define HEAD 96

/*
 * x86-64, AVX2.  A string shorter than HEAD bytes, the common case, or a
 * count up to HEAD, takes one to four loads and a few instructions
 * (VEC_ENTRY); copy_rest, with the loop and its registers to save, is
 * only called for longer ones.
 */
AVX2 PATH_ALIGN ssize_t strscpy_avx2(char *dest, const char *src, size_t count)
{
	VEC_ENTRY(__m256i, 32, HEAD, load32, zeros32, finish32, nul_in, store32, strscpy_avx2_rest);
}
#endif
