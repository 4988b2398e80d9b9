/* Defect (race, strscpy_pad with --reader): strscpy_pad's word loop stores
 * the word holding the NUL as loaded, source bytes after the NUL included,
 * "since the pad phase zeroes them anyway"; then it pads with memset().
 * The final dest is right, but the bytes after the NUL in that word are
 * written twice (a source byte, then zero), and when count ends inside
 * that word dest[count-1] briefly holds a source byte.  strscpy, which
 * masks the word, is right.  Trigger: the pad API, a fit, and source
 * bytes after the NUL that are not zero. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static ssize_t copy(char *dest, const char *src, size_t count, int pad)
{
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
	while (count - res >= 8) {
		uint64_t w, z;

		__builtin_memcpy(&w, src + res, 8);	/* aligned: never crosses a page */
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			if (!pad)	/* the pad zeroes the rest */
				w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			__builtin_memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		if (count - res == 8) {
			w &= ~(0xffull << 56);
			__builtin_memcpy(dest + res, &w, 8);
			return -E2BIG;
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
	{
		char c = src[res];

		dest[res] = '\0';
		return c == '\0' ? (ssize_t)res : -E2BIG;
	}
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	return copy(dest, src, count, 0);
}

ssize_t strscpy_pad(char *dest, const char *src, size_t count)
{
	ssize_t ret = copy(dest, src, count, 1);

	if (ret >= 0 && (size_t)ret + 1 < count)
		memset(dest + ret + 1, 0, count - (size_t)ret - 1);
	return ret;
}
