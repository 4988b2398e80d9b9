#include "strscpy_paths.h"

#if STRSCPY_X86_64
#include <immintrin.h>

#include "path_entry.h"
#include "vec_store.h"

/*
 * Everything here is compiled for AVX-512 F, BW and VL; strscpy() calls
 * this path only when the CPU (and the OS) has all three.  Strings shorter
 * than ZMM_FROM bytes take 256-bit (ymm) vectors with EVEX masks, so a
 * short call runs no 512-bit instruction (on CPUs whose clock drops for
 * them); longer runs take 64-byte (zmm) ones.  The last bytes of the copy
 * go out in one masked store of exactly the bytes wanted, and nothing is
 * stored after the NUL.
 *
 * A masked-off byte is not accessed, but one on a page that is not
 * present (not mapped, or never touched) costs a microcode assist, about
 * 200 ns a call on the CPU this was measured on (AMD Zen 5; docs/speed.md).
 * So no load here is masked to stay in its page, and no masked store's
 * span reaches a page none of its stored bytes is on: the last bytes of a
 * source page come from the 32 bytes that end at the page's end, stored
 * by a masked store whose span ends with them (step32), and a store that
 * would still reach into such a page goes in pieces (mstore32, mstore64).
 */
#define AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl"))) VEC_NO_ASAN

/* The first n bytes (0 <= n <= 32 or 64) as a mask. */
static inline __mmask32 first32(size_t n)
{
	return n ? 0xffffffffu >> (32 - n) : 0;
}

static inline __mmask64 first64(size_t n)
{
	return n ? ~0ull >> (64 - n) : 0;
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
AVX512 static inline void mstore32(char *p, __m256i v, size_t n)
{
	size_t room = wat_page_left(p);

	if (__builtin_expect(room >= 32 || n > room, 1))
		_mm256_mask_storeu_epi8(p, first32(n), v);
	else
		store_pieces32(p, v, n);
}

/* As mstore32, the first n bytes (1..64) of a 64-byte v. */
AVX512 static inline void mstore64(char *p, __m512i v, size_t n)
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
AVX512 static inline __m256i load32(const char *p)
{
	__m256i v = _mm256_loadu_si256((const __m256i *)p);

	WAT_ONCE(v, "v");
	return v;
}

AVX512 static inline void store32(char *p, __m256i v)
{
	_mm256_storeu_si256((__m256i *)p, v);
}

AVX512 static inline unsigned zeros32(__m256i v)
{
	return (unsigned)_mm256_testn_epi8_mask(v, v);
}

/* The 32 bytes of v, for dest + res, hold the NUL (m = zeros32(v)), which
 * is before dest[count-1]: store the bytes up to it, nothing after. */
AVX512 static inline ssize_t nul_in32(char *dest, __m256i v, unsigned m, size_t res)
{
	unsigned k = (unsigned)__builtin_ctz(m);

	mstore32(dest + res, v, k + 1);
	return (ssize_t)(res + k);
}

/*
 * The last left = count - res bytes (1..32) of the copy are in v, for
 * dest + res; m = zeros32(v).  One masked store: up to the NUL, or the
 * left - 1 bytes and the NUL in dest[count-1].
 */
AVX512 static inline ssize_t finish32(char *dest, __m256i v, unsigned m, size_t res, size_t left)
{
	__mmask32 k = first32(left);

	m &= k;
	if (m)
		return nul_in32(dest, v, m, res);
	mstore32(dest + res, _mm256_maskz_mov_epi8(k >> 1, v), left);
	return -E2BIG;
}

/* 64 bytes from p, loaded once. */
AVX512 static inline __m512i load64(const char *p)
{
	__m512i v = _mm512_loadu_si512(p);

	WAT_ONCE(v, "v");
	return v;
}

AVX512 static inline __mmask64 zeros64(__m512i v)
{
	return _mm512_testn_epi8_mask(v, v);
}

/* As nul_in32, 64 bytes. */
AVX512 static inline ssize_t nul_in64(char *dest, __m512i v, __mmask64 m, size_t res)
{
	unsigned k = (unsigned)__builtin_ctzll(m);

	mstore64(dest + res, v, k + 1);
	return (ssize_t)(res + k);
}

/* The round of a, b, c, e at src + res holds the NUL: store up to it. */
AVX512 static ssize_t nul_in4(char *dest, __m512i a, __m512i b, __m512i c, __m512i e,
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
			mstore32(dest + *res, _mm256_maskz_mov_epi8(k >> 1, v), n);
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
		_mm256_mask_storeu_epi8(dest + *res - sh, k, _mm256_maskz_mov_epi8(k & 0x7fffffffu, v));
		return -E2BIG;
	}
	_mm256_mask_storeu_epi8(dest + *res - sh, k, v);
	*res += n;
	return STEP_MORE;
}

/* Bytes copied with 32-byte vectors before the 64-byte ones start: a
 * string shorter than this runs no 512-bit instruction. */
#ifndef ZMM_FROM
#define ZMM_FROM 1024
#endif
/* Runs shorter than this are not worth aligning dest for. */
#define ALIGN_RUN 256

/*
 * The copy from src[res] on, while bytes are left before both the end of
 * the source's page and dest[count-1]: up to src[ZMM_FROM], 128 bytes a
 * round (four 32-byte loads, one test of their unsigned minimum for a
 * zero byte, four stores); then dest aligned to 64 bytes for a long run
 * and 256 bytes a round in 64-byte vectors; the rest 32 bytes at a time.
 * The last bytes of the copy, and the last bytes of a page, from one
 * load each (step32).  The load that holds the NUL is finished from.
 */
AVX512 __attribute__((noinline)) static ssize_t copy_rest(char *dest, const char *src,
							  size_t count, size_t res)
{
	for (;;) {
		size_t room = wat_page_left(src + res);
		const char *s = src + res;
		char *d = dest + res;
		ssize_t ret;

		if (room > count - res - 1)
			room = count - res - 1;
		for (; room >= 128 && (size_t)(s - src) < ZMM_FROM; room -= 128, s += 128, d += 128) {
			__m256i a = load32(s), b = load32(s + 32), c = load32(s + 64), e = load32(s + 96);
			__m256i low = _mm256_min_epu8(_mm256_min_epu8(a, b), _mm256_min_epu8(c, e));

			if (zeros32(low))
				return nul_in4_32(dest, a, b, c, e, (size_t)(s - src));
			store32(d, a);
			store32(d + 32, b);
			store32(d + 64, c);
			store32(d + 96, e);
		}
		if (room >= ALIGN_RUN && ((uintptr_t)d & 63)) {
			/* The h = 1..63 bytes up to dest's next 64-byte boundary,
			 * decided on alone: the last h lanes of the 64 bytes that
			 * end with them (the rest already copied: at least
			 * ZMM_FROM bytes are), stored as the last h lanes of the
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
		/* Under 256 (or 128) bytes to the page's end or to dest[count-1]. */
		for (; room >= 32; room -= 32, s += 32, d += 32) {
			__m256i v = load32(s);
			unsigned m = zeros32(v);

			if (m)
				return nul_in32(dest, v, m, (size_t)(s - src));
			store32(d, v);
		}
		res = (size_t)(s - src);
		ret = step32(dest, src, count, &res);
		if (ret != STEP_MORE)
			return ret;
	}
}

/* copy_rest for the AVX2 rounds' long runs (strscpy_avx2_rest_zmm). */
AVX512 ssize_t strscpy_avx512_rest(char *dest, const char *src, size_t count, size_t res)
{
	return copy_rest(dest, src, count, res);
}

/* Bytes the entry copies inline (three 32-byte loads) before copy_rest. */
#define HEAD 96

/*
 * x86-64, AVX-512 (F, BW, VL).  A string shorter than HEAD bytes, or a
 * count up to HEAD, takes one to three 32-byte loads and one masked store
 * at its end (VEC_ENTRY); copy_rest (32-byte vectors up to byte ZMM_FROM,
 * 64-byte ones after it) does the rest of longer ones.
 */
AVX512 PATH_ALIGN ssize_t strscpy_avx512(char *dest, const char *src, size_t count)
{
	VEC_ENTRY(__m256i, 32, HEAD, load32, zeros32, finish32, nul_in32, store32,
		  strscpy_avx2_rest_zmm);
}

/* The same entry, then the AVX2 path's 32-byte rounds (strscpy_paths.h). */
AVX512 PATH_ALIGN ssize_t strscpy_avx512_avx2(char *dest, const char *src, size_t count)
{
	VEC_ENTRY(__m256i, 32, HEAD, load32, zeros32, finish32, nul_in32, store32,
		  strscpy_avx2_rest);
}
#endif
