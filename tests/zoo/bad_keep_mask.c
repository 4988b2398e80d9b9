/* Defect (content): the mask that keeps the bytes before the NUL is one
 * byte short ((lowest >> 15) - 1 instead of (lowest >> 7) - 1), so the last
 * character before the NUL is stored as zero. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

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
		uint64_t w, z;

		memcpy(&w, src + res, 8);
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			uint64_t lowest = z & -z;

			w &= lowest > 0x80 ? (lowest >> 15) - 1 : 0;	/* one byte short */
			memcpy(dest + res, &w, 8);
			return (ssize_t)(res + (unsigned)__builtin_ctzll(z) / 8);
		}
		memcpy(dest + res, &w, 8);
		res += 8;
	}
	for (; res + 1 < count; res++)
		if ((dest[res] = src[res]) == '\0')
			return (ssize_t)res;
	dest[res] = '\0';
	return src[res] == '\0' ? (ssize_t)res : -E2BIG;
}
