/* Defect (race, strscpy_pad only): one word loop serves both functions; it
 * stores the word holding the NUL with the bytes after the NUL cleared
 * and returns the offset of that word.  strscpy takes the NUL's index from
 * the word it loaded; strscpy_pad finds "where to pad from" by reading the
 * source again, strnlen(src + res, count - res), and returns that.  If the
 * NUL turns into another byte in between, the length returned runs past
 * the NUL stored in dest (and the pad starts after it).  Trigger: the pad
 * API, and a change of the NUL itself (or of a byte of the final word
 * before it) between the copy and the pad's re-read. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

/* Copies src up to its NUL (or count - 1 bytes); returns the offset of
 * the word (or byte) that held the NUL, or -1 on truncation.  *nul gets
 * the NUL's index as this copy saw it. */
static ssize_t copy_words(char *dest, const char *src, size_t count, size_t *nul)
{
	size_t res = 0;

	while (((uintptr_t)(src + res) & 7) && res + 1 < count) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)(*nul = res);
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
			*nul = res + idx;
			return (ssize_t)res;
		}
		__builtin_memcpy(dest + res, &w, 8);
		res += 8;
	}
	while (res + 1 < count) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)(*nul = res);
		res++;
	}
	{
		char c = src[res];

		dest[res] = '\0';
		if (c != '\0')
			return -1;
		return (ssize_t)(*nul = res);
	}
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t nul;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	return copy_words(dest, src, count, &nul) < 0 ? -E2BIG : (ssize_t)nul;
}

ssize_t strscpy_pad(char *dest, const char *src, size_t count)
{
	size_t nul, n;
	ssize_t res;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	res = copy_words(dest, src, count, &nul);
	if (res < 0)
		return -E2BIG;
	n = (size_t)res + strnlen(src + res, count - (size_t)res);	/* read again */
	if (n < count)
		memset(dest + n, 0, count - n);
	return (ssize_t)n;
}
