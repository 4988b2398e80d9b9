#include "../strscpy_paths.h"

#if STRSCPY_X86_64
#include "vec_avx512.h"

/*
 * Everything here is compiled for AVX-512 F, BW and VL and AVX2 (the
 * 64-byte parts also BMI1 and BMI2); strscpy() calls these paths only
 * when the CPU (and the OS) has all they use.
 * strscpy_avx512 copies in 64-byte (zmm) vectors from the first byte;
 * strscpy_avx512_avx2 in 32-byte ones only (EVEX-256: for CPUs whose
 * 512-bit operations run in two halves or at a lower clock).  The last
 * bytes of the copy go out in one masked store of exactly the bytes
 * wanted, and nothing is stored after the NUL.
 *
 * No load here is masked to stay in its page (see vec_avx512.h): the
 * last bytes of a source page come from the 32 bytes that end at the
 * page's end, stored by a masked store whose span ends with them
 * (step32).
 */
/* The room (1..31) bytes from p to the end of its page in the first lanes:
 * the 32 bytes that end there, moved down through a stack buffer. */
AVX512 __attribute__((noinline, cold)) static __m256i load_page_end32(const char *p, size_t room)
{
	char buf[64] __attribute__((aligned(32)));

	_mm256_store_si256((__m256i *)buf, load32(p + room - 32));
	return _mm256_maskz_loadu_epi8(first32(room), buf + 32 - room);
}

/*
 * Copy the next at most 32 bytes from src[*res] on: the n bytes left both
 * in the source's page and before dest[count], decided on from those n
 * bytes of one load, and one masked store of the ones wanted.  Both are
 * the 32 bytes that END with the n bytes (src + *res + n, dest + *res +
 * n): the load stays in the page of bytes already copied or being copied,
 * and the store's span on bytes of dest already written or being written,
 * so neither reaches a page that may not be present.  Only where those
 * 32 bytes would begin on the page before (of the source or of dest: the
 * n bytes are near a page's start) do they begin with the n bytes, the
 * load's bytes moved down through a stack buffer when the source's page
 * ends within 32 bytes, and the store through mstore32.
 * Returns the length or -E2BIG when it finished the copy, else STEP_MORE
 * with *res advanced (to the page's end, or by 32).
 */
AVX512 static inline ssize_t step32(char *dest, const char *src, size_t count, size_t *res)
{
	const char *p = src + *res;
	size_t left = count - *res, room = wat_page_left(p), n = room < 32 ? room : 32, sh;
	__mmask32 k;
	unsigned m;
	__m256i v;

	if (n > left)
		n = left;
	if ((uintptr_t)p % WAT_PAGE + n < 32 || (uintptr_t)(dest + *res) % WAT_PAGE + n < 32) {
		v = room >= 32 ? load32(p) : load_page_end32(p, room);
		k = first32(n);
		m = zeros32(v) & k;
		if (m)
			return nul_in32(dest, v, m, *res);
		if (n == left) {
			if (n > 1)
				mstore32(dest + *res, v, n - 1);
			dest[*res + n - 1] = 0;
			return -E2BIG;
		}
		mstore32(dest + *res, v, n);
		*res += n;
		return STEP_MORE;
	}
	/* The n bytes are the last n lanes (sh..31) of the load. */
	sh = 32 - n;
	v = load32(p + n - 32);
	k = (__mmask32)(0xffffffffu << sh);
	m = zeros32(v) & k;
	if (m) {
		_mm256_mask_storeu_epi8(dest + *res - sh, (__mmask32)(m ^ (m - 1)) & k, v);
		return (ssize_t)(*res + (unsigned)__builtin_ctz(m) - sh);
	}
	if (n == left) {
		_mm256_mask_storeu_epi8(dest + *res - sh, k & 0x7fffffffu, v);
		dest[*res + n - 1] = 0;
		return -E2BIG;
	}
	_mm256_mask_storeu_epi8(dest + *res - sh, k, v);
	*res += n;
	return STEP_MORE;
}

/* Runs shorter than this are not worth aligning dest for. */
#define ALIGN_RUN 256
/*
 * From this many bytes copied, the rounds are of 32-byte vectors: source
 * and dest of a run that long soon outgrow the L1 cache, and there the
 * AVX2 path's 32-byte rounds took 0.92 to 0.97 of the 64-byte ones' time
 * at 32 and 64 KiB, while at 4 and 16 KiB the 64-byte ones took 0.74 to
 * 0.85 of theirs (AMD Zen 5, docs/speed.md).
 */
#define YMM_AFTER 16384

/* The round of a, b, c, e (32 bytes each) at src + res holds the NUL. */
AVX512 static ssize_t nul_in4_32(char *dest, __m256i a, __m256i b, __m256i c, __m256i e,
				 size_t res)
{
	unsigned m = zeros32(a);
	char *d = dest + res;

	if (m)
		return nul_in32(dest, a, m, res);
	store32(d, a);
	if ((m = zeros32(b)) != 0)
		return nul_in32(dest, b, m, res + 32);
	store32(d + 32, b);
	if ((m = zeros32(c)) != 0)
		return nul_in32(dest, c, m, res + 64);
	store32(d + 64, c);
	return nul_in32(dest, e, zeros32(e), res + 96);
}

/*
 * The copy from src[res] on, page by page, for long runs and the last
 * bytes of a page: while bytes are left before both the end of the
 * source's page and dest[count-1], dest aligned to 64 bytes for a long
 * run, 256 bytes a round (four 64-byte loads, one test of their unsigned
 * minimum for a zero byte, four stores; from YMM_AFTER bytes on, 128 in
 * four 32-byte ones), the rest 32 bytes at a time; the
 * last bytes of the copy, and the last bytes of a page, from one load
 * each (step32).  The load that holds the NUL is finished from.
 */
AVX512Z __attribute__((noinline)) static ssize_t copy_rest(char *dest, const char *src,
							  size_t count, size_t res)
{
	for (;;) {
		size_t room = wat_page_left(src + res);
		const char *s = src + res;
		char *d = dest + res;
		ssize_t ret;

		if (room > count - res - 1)
			room = count - res - 1;
		if (room >= ALIGN_RUN && ((uintptr_t)d & 63) && res >= 64) {
			/* The h = 1..63 bytes up to dest's next 64-byte boundary,
			 * decided on alone: the last h lanes of the 64 bytes that
			 * end with them (the rest already copied: at least 64
			 * bytes are), stored as the last h lanes of the
			 * 64-byte line of dest they end, so neither the load nor
			 * the store's span reaches past them. */
			size_t h = (size_t)(-(uintptr_t)d & 63);
			__mmask64 k = ~0ull << (64 - h);
			__m512i v = load64(s + h - 64);
			__mmask64 m = zeros64(v) & k;

			if (m) {
				_mm512_mask_storeu_epi8(d + h - 64, (m ^ (m - 1)) & k, v);
				return (ssize_t)((size_t)(s - src) + (unsigned)__builtin_ctzll(m) -
						 (64 - h));
			}
			_mm512_mask_storeu_epi8(d + h - 64, k, v);
			room -= h;
			s += h;
			d += h;
		}
		if ((size_t)(s - src) >= YMM_AFTER)
			for (; room >= 128; room -= 128, s += 128, d += 128) {
				__m256i a = load32(s), b = load32(s + 32), c = load32(s + 64);
				__m256i e = load32(s + 96);
				__m256i low = _mm256_min_epu8(_mm256_min_epu8(a, b), _mm256_min_epu8(c, e));

				if (zeros32(low))
					return nul_in4_32(dest, a, b, c, e, (size_t)(s - src));
				store32(d, a);
				store32(d + 32, b);
				store32(d + 64, c);
				store32(d + 96, e);
			}
		for (; room >= 256; room -= 256, s += 256, d += 256) {
			__m512i a = load64(s), b = load64(s + 64), c = load64(s + 128);
			__m512i e = load64(s + 192);
			__m512i low = _mm512_min_epu8(_mm512_min_epu8(a, b), _mm512_min_epu8(c, e));

			if (_mm512_testn_epi8_mask(low, low))
				return nul_in4(dest, a, b, c, e, (size_t)(s - src));
			_mm512_storeu_si512(d, a);
			_mm512_storeu_si512(d + 64, b);
			_mm512_storeu_si512(d + 128, c);
			_mm512_storeu_si512(d + 192, e);
		}
		/* Under 256 bytes to the page's end or to dest[count-1]. */
		for (; room >= 32; room -= 32, s += 32, d += 32) {
			__m256i v = load32(s);
			unsigned m = zeros32(v);

			if (m)
				return nul_in32(dest, v, m, (size_t)(s - src));
			store32(d, v);
		}
		res = (size_t)(s - src);
		/* At the page's end with more to copy: on to the next page,
		 * dest still aligned (step32 there took 32 bytes of the next
		 * page and left dest to be aligned again). */
		if (room == 0 && res + 1 < count && wat_page_left(s) == WAT_PAGE)
			continue;
		ret = step32(dest, src, count, &res);
		if (ret != STEP_MORE)
			return ret;
	}
}

/* Bytes strscpy_avx512's entry copies inline (two loads) before zmm_rest. */
#define ZMM_HEAD 128
/* Runs from this long on go to copy_rest, which aligns dest first. */
#define ZMM_LONG 2048

/*
 * strscpy_avx512's copy from src[res] on, the common case of copy_rest
 * without its rare parts (dest's alignment before a long run, the last
 * bytes of a page), which it leaves to copy_rest by a tail call: 256
 * bytes a round, then the rest under 256 in one 128-byte step (one test
 * of two loads' minimum) and one 64-byte step, each taken or not by its
 * bit of the count (a loop of 64-byte steps took 1.08 to 1.12x as long
 * at 256 bytes and 1 KiB, AMD Zen 5), the last bytes of the copy from one
 * more load.  A leaf with few registers: a short string pays no stack
 * frame (docs/speed.md).
 */
AVX512Z __attribute__((noinline)) static ssize_t zmm_rest(char *dest, const char *src,
							 size_t count, size_t res)
{
	size_t room = wat_page_left(src + res);
	const char *s = src + res;
	char *d = dest + res;
	__m512i v;

	if (room > count - res - 1)
		room = count - res - 1;
	if (room >= ZMM_LONG)
		return copy_rest(dest, src, count, res);
	for (const char *end = s + (room & ~(size_t)255); s != end; s += 256, d += 256) {
		__m512i a = load64(s), b = load64(s + 64), c = load64(s + 128);
		__m512i e = load64(s + 192);
		__m512i low = _mm512_min_epu8(_mm512_min_epu8(a, b), _mm512_min_epu8(c, e));

		if (_mm512_testn_epi8_mask(low, low))
			return nul_in4(dest, a, b, c, e, (size_t)(s - src));
		_mm512_storeu_si512(d, a);
		_mm512_storeu_si512(d + 64, b);
		_mm512_storeu_si512(d + 128, c);
		_mm512_storeu_si512(d + 192, e);
	}
	if (room & 128) {
		__m512i a = load64(s), b = load64(s + 64);
		__m512i low = _mm512_min_epu8(a, b);
		__mmask64 m;

		if (_mm512_testn_epi8_mask(low, low)) {
			if ((m = zeros64(a)) != 0)
				return nul_in64(dest, a, m, (size_t)(s - src));
			_mm512_storeu_si512(d, a);
			return nul_in64(dest, b, zeros64(b), (size_t)(s - src) + 64);
		}
		_mm512_storeu_si512(d, a);
		_mm512_storeu_si512(d + 64, b);
		s += 128;
		d += 128;
	}
	if (room & 64) {
		__mmask64 m;

		v = load64(s);
		m = zeros64(v);
		if (m)
			return nul_in64(dest, v, m, (size_t)(s - src));
		_mm512_storeu_si512(d, v);
		s += 64;
	}
	res = (size_t)(s - src);
	if (count - res == 1) {
		/* Only dest[count-1] is left: the NUL, whether src[count-1]
		 * is one or not; that byte, loaded once, decides the return
		 * (as in strscpy_avx2_rest: a 64-byte load for it took 1.1x
		 * as long at 256 bytes truncated). */
		unsigned char last = *(const unsigned char *)s;

		dest[res] = 0;
		return last ? -E2BIG : (ssize_t)res;
	}
	if (count - res <= 64 && wat_page_left(s) >= 64) {
		v = load64(s);
		return finish64(dest, v, zeros64(v), res, count - res);
	}
	return copy_rest(dest, src, count, res);
}

/*
 * x86-64, AVX-512 (F, BW, VL), 64-byte vectors.  A string shorter than
 * ZMM_HEAD bytes, or a count up to ZMM_HEAD, takes one or two loads and
 * one masked store at its end; the rest in zmm_rest (all of it in
 * copy_rest where the source's page ends within ZMM_HEAD bytes).
 */
AVX512Z PATH_ALIGN ssize_t strscpy_avx512(char *dest, const char *src, size_t count)
{
	if (count_rejected(count))
		return -E2BIG;
	if (wat_page_left(src) < ZMM_HEAD)
		return copy_rest(dest, src, count, 0);
	for (size_t at = 0; at < ZMM_HEAD; at += 64) {
		__m512i v = load64(src + at);
		__mmask64 m = zeros64(v);

		if (count - at <= 64)
			return finish64(dest, v, m, at, count - at);
		if (m)
			return nul_in64(dest, v, m, at);
		_mm512_storeu_si512(dest + at, v);
	}
	return zmm_rest(dest, src, count, ZMM_HEAD);
}

/* Bytes the EVEX-256 entry copies inline (three 32-byte loads). */
#define HEAD 96

/*
 * x86-64, AVX-512 (F, BW, VL), 32-byte vectors only: a string shorter
 * than HEAD bytes, or a count up to HEAD, takes one to three loads and
 * one masked store at its end (VEC_ENTRY); the AVX2 path's rounds
 * (strscpy_avx2_rest) the rest.
 */
AVX512 PATH_ALIGN ssize_t strscpy_avx512_avx2(char *dest, const char *src, size_t count)
{
	VEC_ENTRY(__m256i, 32, HEAD, load32, zeros32, finish32, nul_in32, store32,
		  strscpy_avx2_rest);
}
#endif
