/* Defect (race, with --reader): the 2015 kernel's truncation path.  The
 * last word is stored as read from the source, and the NUL is written into
 * dest[count-1] afterwards: two stores to one byte, and a moment when dest
 * holds no NUL at all. */
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
	while (((uintptr_t)(src + res) & 7) && res < count) {
		if ((dest[res] = src[res]) == '\0')
			return (ssize_t)res;
		res++;
	}
	while (count - res >= 8) {
		uint64_t w, z;

		memcpy(&w, src + res, 8);
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		memcpy(dest + res, &w, 8);	/* may include dest[count-1] */
		res += 8;
	}
	for (; res < count; res++)
		if ((dest[res] = src[res]) == '\0')
			return (ssize_t)res;
	dest[count - 1] = '\0';			/* the second store to that byte */
	return -E2BIG;
}
