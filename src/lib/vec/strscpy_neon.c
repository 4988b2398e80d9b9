#include "../strscpy_paths.h"

#if STRSCPY_AARCH64
#include <arm_neon.h>
#include <string.h>

#include "../word/word_step.h"

/*
 * aarch64 (Advanced SIMD is part of every aarch64 Linux machine): the SSE2
 * path's design with NEON's 16-byte vectors, kept to the rules of
 * word_step.h.  A 16-byte load only where 16 bytes are left in the
 * source's page, else a word_step; each byte decided on from one load
 * (WAT_ONCE, "w": a vector register); each dest byte stored once, nothing
 * at or past dest[count], nothing after the NUL.  The loads run past the NUL
 * inside the page, so nothing here is ASan-instrumented (as load_word).
 */
typedef uint8x16_t vec;

WAT_NO_ASAN static inline vec load16(const char *p)
{
	vec v = vld1q_u8((const uint8_t *)p);

	WAT_ONCE(v, "w");
	return v;
}

/* Four bits per byte of v, set where the byte is zero: the first zero
 * byte is ctz / 4.  (aarch64 has no movemask; a narrowing shift does it.) */
WAT_NO_ASAN static inline uint64_t zeros16(vec v)
{
	uint8x8_t n = vshrn_n_u16(vreinterpretq_u16_u8(vceqzq_u8(v)), 4);

	return vget_lane_u64(vreinterpret_u64_u8(n), 0);
}

/* v with its bytes from k on zeroed (0 <= k <= 16). */
WAT_NO_ASAN static inline vec keep16(vec v, unsigned k)
{
	static const uint8_t index[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };

	return vandq_u8(v, vcltq_u8(vld1q_u8(index), vdupq_n_u8((uint8_t)k)));
}

/* Store the first n bytes of v at p (0 <= n <= 16), each once. */
WAT_NO_ASAN static inline void store_first16(char *p, vec v, size_t n)
{
	uint64_t w;

	if (n >= 16) {
		vst1q_u8((uint8_t *)p, v);
		return;
	}
	w = vgetq_lane_u64(vreinterpretq_u64_u8(v), 0);
	if (n & 8) {
		memcpy(p, &w, 8);
		p += 8;
		w = vgetq_lane_u64(vreinterpretq_u64_u8(v), 1);
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

/* v, for dest + res, holds the NUL (m = zeros16(v) != 0) and fits before
 * dest[count-1]: store it up to the NUL, nothing after. */
WAT_NO_ASAN static inline ssize_t nul_in16(char *dest, vec v, uint64_t m, size_t res)
{
	unsigned k = (unsigned)__builtin_ctzll(m) / 4;

	store_first16(dest + res, v, k + 1);
	return (ssize_t)(res + k);
}

/* The last left = count - res (1..16) bytes, from one load v of src + res
 * (m = zeros16(v)): the length or -E2BIG. */
WAT_NO_ASAN static inline ssize_t finish16(char *dest, vec v, uint64_t m, size_t res,
					   size_t left)
{
	if (left < 16)
		m &= (1ull << (4 * left)) - 1;
	if (m) {
		unsigned k = (unsigned)__builtin_ctzll(m) / 4;

		store_first16(dest + res, v, k + 1);
		return (ssize_t)(res + k);
	}
	store_first16(dest + res, keep16(v, (unsigned)left - 1), left);
	return -E2BIG;
}

/* The next at most 16 bytes from src[*res] on: one load when 16 bytes are
 * left in the page, else a word_step.  Same returns as word_step. */
WAT_NO_ASAN static inline ssize_t step16(char *dest, const char *src, size_t count, size_t *res)
{
	size_t left = count - *res;
	uint64_t m;
	vec v;

	if (wat_page_left(src + *res) < 16)
		return word_step(dest, src, count, res);
	v = load16(src + *res);
	m = zeros16(v);
	if (left <= 16)
		return finish16(dest, v, m, *res, left);
	if (m)
		return nul_in16(dest, v, m, *res);
	vst1q_u8((uint8_t *)(dest + *res), v);
	*res += 16;
	return STEP_MORE;
}

/* The round a, b, c, e at src + res holds the NUL: store up to it. */
WAT_NO_ASAN static ssize_t nul_in4(char *dest, vec a, vec b, vec c, vec e, size_t res)
{
	uint64_t m = zeros16(a);

	if (m)
		return nul_in16(dest, a, m, res);
	vst1q_u8((uint8_t *)(dest + res), a);
	if ((m = zeros16(b)) != 0)
		return nul_in16(dest, b, m, res + 16);
	vst1q_u8((uint8_t *)(dest + res + 16), b);
	if ((m = zeros16(c)) != 0)
		return nul_in16(dest, c, m, res + 32);
	vst1q_u8((uint8_t *)(dest + res + 32), c);
	return nul_in16(dest, e, zeros16(e), res + 48);
}

/*
 * aarch64, NEON.  A string shorter than 64 bytes takes up to four loads,
 * each decided on and stored before the next; then 64 bytes a round (four
 * loads, one across-vector minimum to test them all for a zero byte) while
 * 64 bytes fit before both the end of the source's page and dest[count-1];
 * step16 for the rest of a page and the last bytes.  The round that holds
 * the NUL is finished from its own loads.
 */
WAT_NO_ASAN ssize_t strscpy_neon(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	if (count_rejected(count))
		return -E2BIG;
	if (wat_page_left(src) >= 64) {
		for (; res < 64; res += 16) {
			vec v = load16(src + res);
			uint64_t m = zeros16(v);

			if (count - res <= 16)
				return finish16(dest, v, m, res, count - res);
			if (m)
				return nul_in16(dest, v, m, res);
			vst1q_u8((uint8_t *)(dest + res), v);
		}
	}
	for (;;) {
		size_t room = wat_page_left(src + res);
		ssize_t ret;

		if (room > count - res - 1)
			room = count - res - 1;
		for (; room >= 64; room -= 64, res += 64) {
			const char *s = src + res;
			char *d = dest + res;
			vec a = load16(s), b = load16(s + 16), c = load16(s + 32), e = load16(s + 48);

			if (vminvq_u8(vminq_u8(vminq_u8(a, b), vminq_u8(c, e))) == 0)
				return nul_in4(dest, a, b, c, e, res);
			vst1q_u8((uint8_t *)d, a);
			vst1q_u8((uint8_t *)(d + 16), b);
			vst1q_u8((uint8_t *)(d + 32), c);
			vst1q_u8((uint8_t *)(d + 48), e);
		}
		ret = step16(dest, src, count, &res);
		if (ret != STEP_MORE)
			return ret;
	}
}
#endif
