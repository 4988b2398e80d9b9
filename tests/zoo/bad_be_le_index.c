/* Defect on big-endian machines only (retval): a word-at-a-time copy in
 * native unsigned long words that takes the index of the first zero byte
 * as ctz(mask) / 8, which is right only when the first byte in memory is
 * the least significant.  On s390x or powerpc the lowest set bit belongs
 * to the last byte of the word in memory, and the classic test's false
 * positive (a 0x01 byte before a zero byte) lands there too: the copy stops
 * at the wrong byte.  Exact on every little-endian machine, 32 or 64 bits. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define W sizeof(unsigned long)
#define ONES (~0ul / 0xff)
#define HIGHS (ONES * 0x80)

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
			unsigned idx = (unsigned)__builtin_ctzl(z) / 8;
			unsigned long keep = idx ? (1ul << (8 * idx)) - 1 : 0;

			w &= keep;
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
