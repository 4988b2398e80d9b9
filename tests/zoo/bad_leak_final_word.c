/* Defect (leak): the 2015 kernel shape without the mask.  The word holding
 * the NUL is stored whole, so the source bytes after the NUL land in dest. */
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
		memcpy(dest + res, &w, 8);	/* stored before the NUL test: leaks */
		if (z)
			return (ssize_t)(res + (unsigned)__builtin_ctzll(z) / 8);
		res += 8;
	}
	for (; res + 1 < count; res++)
		if ((dest[res] = src[res]) == '\0')
			return (ssize_t)res;
	dest[res] = '\0';
	return src[res] == '\0' ? (ssize_t)res : -E2BIG;
}
