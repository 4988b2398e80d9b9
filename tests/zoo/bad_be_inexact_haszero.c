/* Defect on big-endian machines only (retval): a word-at-a-time copy that
 * knows the byte order for the index (clz on big-endian, ctz on little)
 * but uses the classic has-zero test (w - 0x01..) & ~w & 0x80.. on both.
 * That test is exact only for the least significant zero byte: its borrow
 * can also flag a 0x01 byte just above a zero byte.  On little-endian
 * "above" is later in memory, past the first NUL, where nobody looks; on
 * big-endian it is the byte before the NUL, so "ab\x01" copies as "ab". */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define W sizeof(unsigned long)
#define ONES (~0ul / 0xff)
#define HIGHS (ONES * 0x80)

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
static unsigned first_zero(unsigned long z) { return (unsigned)__builtin_clzl(z) / 8; }
/* The bytes before index i are the top 8*i bits. */
static unsigned long keep_before(unsigned i) { return ~(~0ul >> (8 * i)); }
#else
static unsigned first_zero(unsigned long z) { return (unsigned)__builtin_ctzl(z) / 8; }
static unsigned long keep_before(unsigned i) { return i ? (1ul << (8 * i)) - 1 : 0; }
#endif

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (((uintptr_t)(src + res) & (W - 1)) && res + 1 < count) {
		if ((dest[res] = src[res]) == '\0')
			return (ssize_t)res;
		res++;
	}
	while (count - res > W) {
		unsigned long w, z;

		memcpy(&w, src + res, W);
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = first_zero(z);

			w &= keep_before(idx);
			memcpy(dest + res, &w, W);
			return (ssize_t)(res + idx);
		}
		memcpy(dest + res, &w, W);
		res += W;
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
