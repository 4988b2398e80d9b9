/* Correct, with a benign double read: aligned words, then the last 1..8
 * bytes below count come from one load of the 8 bytes that end at
 * src[count-1], overlapping bytes the word loop already read and copied.
 * Those bytes are read twice, but the second read is shifted out: the
 * tail's NUL test and the bytes it stores come from that one load and
 * cover only the new bytes, so a source changing between the two reads
 * still gives a terminated dest and a return value that agrees with it.
 * (The overlapping load stays on the pages of bytes already read: the
 * aligned word before the tail and the aligned word of the tail.) */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static inline uint64_t load8(const char *p)
{
	uint64_t w;

	__builtin_memcpy(&w, p, 8);
	return w;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0, n;
	uint64_t t, z;
	unsigned idx;

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
		uint64_t w = load8(src + res);

		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			idx = (unsigned)__builtin_ctzll(z) / 8;
			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			__builtin_memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		__builtin_memcpy(dest + res, &w, 8);
		res += 8;
	}
	n = count - res;			/* 1..8 bytes left */
	if (count < 8 || ((uintptr_t)(src + res) & 7)) {
		/* a short count, or the head ran to count: bytes */
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
	/* the 8 bytes ending at src[count-1]; the new ones are the top n */
	t = load8(src + count - 8) >> (8 * (8 - n));
	z = (t - ONES) & ~t & HIGHS;		/* exact for the first zero */
	idx = z ? (unsigned)__builtin_ctzll(z) / 8 : 8;
	if (idx < n) {				/* the NUL, in this load */
		for (unsigned k = 0; k < idx; k++)
			dest[res + k] = (char)(t >> (8 * k));
		dest[res + idx] = '\0';
		return (ssize_t)(res + idx);
	}
	for (unsigned k = 0; k + 1 < n; k++)
		dest[res + k] = (char)(t >> (8 * k));
	dest[count - 1] = '\0';
	return -E2BIG;
}
