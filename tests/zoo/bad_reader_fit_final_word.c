/* Defect (race, with --reader): the fit path stores the word holding the
 * NUL as it was loaded, source bytes after the NUL included, and only then
 * clears those bytes (to keep the no-leak rule).  The final dest is right,
 * but the bytes after the NUL in that word are written twice, and a
 * concurrent reader sees source bytes there in between: dest[count-1]
 * among them when count ends inside that word.  (Truncation is done
 * right: the last word is stored with dest[count-1] already NUL.) */
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
	char c;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (((uintptr_t)(src + res) & 7) && res + 1 < count) {
		c = src[res];
		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
		res++;
	}
	while (count - res >= 8) {
		uint64_t w, z;

		memcpy(&w, src + res, 8);	/* aligned: never crosses a page */
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			memcpy(dest + res, &w, 8);		/* as loaded */
			memset(dest + res + idx + 1, 0, 7 - idx);	/* written again */
			return (ssize_t)(res + idx);
		}
		if (count - res == 8) {
			w &= ~(0xffull << 56);		/* dest[count-1]: the NUL */
			memcpy(dest + res, &w, 8);
			return -E2BIG;
		}
		memcpy(dest + res, &w, 8);
		res += 8;
	}
	while (res + 1 < count) {
		c = src[res];
		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
		res++;
	}
	c = src[res];
	dest[res] = '\0';
	return c == '\0' ? (ssize_t)res : -E2BIG;
}
