/*
 * bench_loops.c - `bench -l`: the bare inner loops of a vector strscpy,
 * timed beside the real paths, to show where the time goes at 1 KiB and
 * beyond: how much of a path's time is its loop (loads, the zero test,
 * stores) and how much is everything else (the entry, the page's end, the
 * last bytes).  Not strscpy: they copy the first len bytes rounded down
 * to 128 (the string's NUL is never among them), with no page or count
 * limit, so they only make sense for the long lengths.
 *   loop32   the AVX2 path's round: four 32-byte loads, one zero test of
 *            their minimum, four stores
 *   copy32   the same without the zero test (a plain 32-byte copy loop)
 *   loop64   the round with 64-byte AVX-512 vectors (256 bytes a round):
 *            the AVX-512 path's round for long runs
 *   copy64   a plain 64-byte copy loop (no zero test): what any copy that
 *            stores from vector registers gets, against memcpy's rep movsb
 */
#include <stdint.h>
#include <string.h>

#include "bench_loops.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2"), noinline))
#define AVX512 __attribute__((target("avx2,avx512f,avx512bw"), noinline))
/* As the library's WAT_ONCE: a load is not folded into its use. */
#define ONCE(v, reg) __asm__("" : "+" reg(v))

AVX2 static long loop32(char *d, const char *s, size_t count, size_t len)
{
	const __m256i zero = _mm256_setzero_si256();

	(void)count;
	for (size_t i = 0; i < (len & ~(size_t)127); i += 128) {
		__m256i a = _mm256_loadu_si256((const __m256i *)(s + i));
		__m256i b = _mm256_loadu_si256((const __m256i *)(s + i + 32));
		__m256i c = _mm256_loadu_si256((const __m256i *)(s + i + 64));
		__m256i e = _mm256_loadu_si256((const __m256i *)(s + i + 96));
		__m256i low;

		ONCE(a, "x");
		ONCE(b, "x");
		ONCE(c, "x");
		ONCE(e, "x");
		low = _mm256_min_epu8(_mm256_min_epu8(a, b), _mm256_min_epu8(c, e));
		if (_mm256_movemask_epi8(_mm256_cmpeq_epi8(low, zero)))
			return (long)i;
		_mm256_storeu_si256((__m256i *)(d + i), a);
		_mm256_storeu_si256((__m256i *)(d + i + 32), b);
		_mm256_storeu_si256((__m256i *)(d + i + 64), c);
		_mm256_storeu_si256((__m256i *)(d + i + 96), e);
	}
	return 0;
}

AVX2 static long copy32(char *d, const char *s, size_t count, size_t len)
{
	(void)count;
	for (size_t i = 0; i < (len & ~(size_t)127); i += 32) {
		__m256i a = _mm256_loadu_si256((const __m256i *)(s + i));

		ONCE(a, "x");
		_mm256_storeu_si256((__m256i *)(d + i), a);
	}
	return 0;
}

AVX512 static long loop64(char *d, const char *s, size_t count, size_t len)
{
	(void)count;
	for (size_t i = 0; i < (len & ~(size_t)255); i += 256) {
		__m512i a = _mm512_loadu_si512(s + i), b = _mm512_loadu_si512(s + i + 64);
		__m512i c = _mm512_loadu_si512(s + i + 128), e = _mm512_loadu_si512(s + i + 192);
		__m512i low;

		ONCE(a, "v");
		ONCE(b, "v");
		ONCE(c, "v");
		ONCE(e, "v");
		low = _mm512_min_epu8(_mm512_min_epu8(a, b), _mm512_min_epu8(c, e));
		if (_mm512_testn_epi8_mask(low, low))
			return (long)i;
		_mm512_storeu_si512(d + i, a);
		_mm512_storeu_si512(d + i + 64, b);
		_mm512_storeu_si512(d + i + 128, c);
		_mm512_storeu_si512(d + i + 192, e);
	}
	return 0;
}

AVX512 static long copy64(char *d, const char *s, size_t count, size_t len)
{
	(void)count;
	for (size_t i = 0; i < (len & ~(size_t)127); i += 64) {
		__m512i a = _mm512_loadu_si512(s + i);

		ONCE(a, "v");
		_mm512_storeu_si512(d + i, a);
	}
	return 0;
}

size_t bench_loops(struct bench_impl *out, size_t max)
{
	size_t n = 0;

	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx2")) {
		if (n < max)
			out[n++] = (struct bench_impl){ "AVX2 path's loop alone", "loop32", loop32, 2, -1 };
		if (n < max)
			out[n++] = (struct bench_impl){ "32-byte copy loop", "copy32", copy32, 2, -1 };
	}
	if (__builtin_cpu_supports("avx512bw") && n < max)
		out[n++] = (struct bench_impl){ "64-byte (AVX-512) loop", "loop64", loop64, 2, -1 };
	if (__builtin_cpu_supports("avx512bw") && n < max)
		out[n++] = (struct bench_impl){ "64-byte copy loop", "copy64", copy64, 2, -1 };
	return n;
}
#else
size_t bench_loops(struct bench_impl *out, size_t max)
{
	(void)out;
	(void)max;
	return 0;
}
#endif
