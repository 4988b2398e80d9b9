/*
 * A defective strscpy for the fuzz tests: word loads straight from src,
 * aligned or not, and nothing limits them to the source's page.  A short
 * string near the end of a page makes the load cross into the next page:
 * an over-read that faults.  (src/strscpy.c aligns src first.)
 */
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
	while (count - res > 8) {
		uint64_t w, z;

		memcpy(&w, src + res, 8);  /* may straddle a page boundary */
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			size_t i = (size_t)__builtin_ctzll(z) / 8;

			memcpy(dest + res, src + res, i + 1);
			return (ssize_t)(res + i);
		}
		memcpy(dest + res, &w, 8);
		res += 8;
	}
	while (res < count - 1 && src[res]) {
		dest[res] = src[res];
		res++;
	}
	dest[res] = 0;
	return res < count - 1 || src[res] == 0 ? (ssize_t)res : -E2BIG;
}
