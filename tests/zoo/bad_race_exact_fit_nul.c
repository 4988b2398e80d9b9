/* Defect (race): aligned words, then the tail byte by byte, and the last
 * byte below count (dest[count-1]) is judged apart: if the source holds
 * its NUL there (an exact fit), the NUL is copied from the source "like
 * every other byte", which reads src[count-1] a second time.  Trigger: an
 * exact fit (count == strlen + 1) and the NUL turning into another byte
 * between the test and the copy: dest is left unterminated, and the
 * return value (count - 1) names a NUL that is not there.  (volatile is
 * how the author made sure the byte is really tested: it also makes the
 * second load real.) */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	const volatile char *last;
	size_t res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (((uintptr_t)(src + res) & 7) && res + 1 < count) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
		res++;
	}
	while (count - res > 8) {
		uint64_t w, z;

		__builtin_memcpy(&w, src + res, 8);
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			__builtin_memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		__builtin_memcpy(dest + res, &w, 8);
		res += 8;
	}
	while (res + 1 < count) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
		res++;
	}
	last = src + res;
	if (*last == '\0') {			/* exact fit */
		dest[res] = *last;		/* read again */
		return (ssize_t)res;
	}
	dest[res] = '\0';
	return -E2BIG;
}
