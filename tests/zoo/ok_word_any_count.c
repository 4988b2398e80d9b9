/* Correct: word at a time, any count.  No INT_MAX check (a huge count with
 * a short string just copies it), and no end pointer: the loop bound is
 * the bytes left, count - res, which cannot wrap, so counts like 2^32 + 5,
 * 2^63 + k, SIZE_MAX or 2^64 - src + 5 are like any other large count.
 * Aligned 8-byte loads never cross a page; the final word is stored with
 * the bytes after the NUL zeroed (inside count, which is allowed). */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	if (count == 0)
		return -E2BIG;
	while (((uintptr_t)(src + res) & 7) && res + 1 < count) {
		if ((dest[res] = src[res]) == '\0')
			return (ssize_t)res;
		res++;
	}
	while (count - res > 8) {
		uint64_t w, z;

		memcpy(&w, src + res, 8);
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
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
	dest[res] = '\0';
	return src[res] == '\0' ? (ssize_t)res : -E2BIG;
}
