/*
 * A defective strscpy for the fuzz tests: the has-zero test lacks its
 * "& ~w" term, so a byte of 0x81..0xff looks like a NUL and the copy
 * stops early with the wrong length.  Loads are aligned, so it never
 * faults: only the differential check against the reference can see it.
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
	/* Bytes up to the first aligned word. */
	while (((uintptr_t)(src + res) & 7) && res + 1 < count) {
		dest[res] = src[res];
		if (!src[res])
			return (ssize_t)res;
		res++;
	}
	while (count - res > 8) {
		uint64_t w, z;

		memcpy(&w, src + res, 8);
		z = (w - ONES) & HIGHS;  /* BUG: & ~w missing */
		if (z) {
			size_t i = (size_t)__builtin_ctzll(z) / 8;

			memcpy(dest + res, src + res, i);
			dest[res + i] = 0;
			return (ssize_t)(res + i);
		}
		memcpy(dest + res, &w, 8);
		res += 8;
	}
	while (res + 1 < count) {
		dest[res] = src[res];
		if (!src[res])
			return (ssize_t)res;
		res++;
	}
	dest[res] = 0;
	return src[res] ? -E2BIG : (ssize_t)res;
}
