/* Defect (race): whole aligned words while more than 8 bytes are left
 * before count, then the last 1..8 bytes below count measured with
 * strnlen() and copied with memcpy(): the tail is read twice.  Only a
 * change in those few bytes, between the two calls, breaks it. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0, n;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (((uintptr_t)(src + res) & 7) && res + 1 < count) {
		if ((dest[res] = src[res]) == '\0')
			return (ssize_t)res;
		res++;
	}
	while (count - res > 8) {
		uint64_t w, z;

		memcpy(&w, src + res, 8);	/* aligned: never crosses a page */
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			for (unsigned k = 0; k <= idx; k++)
				dest[res + k] = (char)(w >> (8 * k));
			return (ssize_t)(res + idx);
		}
		memcpy(dest + res, &w, 8);
		res += 8;
	}
	n = strnlen(src + res, count - res);
	if (n < count - res) {
		memcpy(dest + res, src + res, n + 1);	/* reads the tail again */
		return (ssize_t)(res + n);
	}
	memcpy(dest + res, src + res, n - 1);		/* reads the tail again */
	dest[count - 1] = '\0';
	return -E2BIG;
}
