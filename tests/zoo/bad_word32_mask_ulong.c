/* Defect on 32-bit machines only (retval): a word-at-a-time copy in 64-bit
 * words on every machine (uint64_t loads, aligned to 8), with the right
 * has-zero test and index for each byte order, but the zero-byte mask is
 * kept in an unsigned long.  Where long has 32 bits (i386, armhf, powerpc)
 * the mask loses half the word: a NUL in the other half is not seen, the
 * copy runs on past it (or, on big-endian, picks the index in the wrong
 * half).  Exact on every 64-bit machine, either byte order. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES UINT64_C(0x0101010101010101)
#define HIGHS (ONES * 0x80)
#define LOWS (ONES * 0x7f)

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
/* Exact on big-endian: a byte's low 7 bits plus 0x7f carry into its top
 * bit unless all are zero; OR-ing w back in rules out 0x80..0xff. */
static unsigned long zero_mask(uint64_t w) { return ~(((w & LOWS) + LOWS) | w | LOWS); }
static unsigned first_zero(unsigned long z)
{
	return (unsigned)__builtin_clzll(z) / 8;
}
static uint64_t keep_before(unsigned i) { return i ? ~(~UINT64_C(0) >> (8 * i)) : 0; }
#else
static unsigned long zero_mask(uint64_t w) { return (w - ONES) & ~w & HIGHS; }
static unsigned first_zero(unsigned long z) { return (unsigned)__builtin_ctzll(z) / 8; }
static uint64_t keep_before(unsigned i) { return i ? (UINT64_C(1) << (8 * i)) - 1 : 0; }
#endif

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (((uintptr_t)(src + res) & 7) && res + 1 < count) {
		if ((dest[res] = src[res]) == '\0')
			return (ssize_t)res;
		res++;
	}
	while (count - res > 8) {
		uint64_t w;
		unsigned long z;	/* 32 bits on ILP32: half the mask is lost */

		memcpy(&w, src + res, 8);
		z = zero_mask(w);
		if (z) {
			unsigned idx = first_zero(z);

			w &= keep_before(idx);
			memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		memcpy(dest + res, &w, 8);
		res += 8;
	}
	while (res + 1 < count) {
		if ((dest[res] = src[res]) == '\0')
			return (ssize_t)res;
		res++;
	}
	{
		char c = src[res];

		dest[res] = '\0';
		return c == '\0' ? (ssize_t)res : -E2BIG;
	}
}
