/* Defect (race): an aligned word loop with a 64-byte round for long
 * strings: eight words loaded, their has-zero tests or-ed, and, with no
 * NUL among them, the eight stored.  Short of registers, the author copies
 * the eighth with memcpy() from the source instead of the register it was
 * tested in: the last word of each 64-byte line is read twice.  Only a byte
 * of bytes 56..63 of a line (counted from the first 64-byte boundary of
 * src) turning into a NUL between the test and the copy breaks it: dest
 * holds a NUL before the length returned.  Trigger: a string longer than
 * the first line past a 64-byte boundary, and a change in 8 bytes of it. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull
#define HASZERO(w) (((w) - ONES) & ~(w) & HIGHS)

static inline uint64_t load8(const char *p)
{
	uint64_t w;

	__builtin_memcpy(&w, p, 8);
	return w;
}

/* One aligned word: 1 if it held the NUL (stored, *res set to its index),
 * 0 if it was stored whole. */
static int word(char *dest, const char *src, size_t *res)
{
	uint64_t w = load8(src + *res), z = HASZERO(w);

	if (z) {
		unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

		w &= idx ? (1ull << (8 * idx)) - 1 : 0;
		__builtin_memcpy(dest + *res, &w, 8);
		*res += idx;
		return 1;
	}
	__builtin_memcpy(dest + *res, &w, 8);
	*res += 8;
	return 0;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
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
	/* whole words up to the line boundary */
	while (((uintptr_t)(src + res) & 63) && count - res > 8)
		if (word(dest, src, &res))
			return (ssize_t)res;
	while (count - res > 64) {
		const char *s = src + res;
		uint64_t w0 = load8(s), w1 = load8(s + 8), w2 = load8(s + 16), w3 = load8(s + 24);
		uint64_t w4 = load8(s + 32), w5 = load8(s + 40), w6 = load8(s + 48), w7 = load8(s + 56);
		char *d = dest + res;

		if (HASZERO(w0) | HASZERO(w1) | HASZERO(w2) | HASZERO(w3) |
		    HASZERO(w4) | HASZERO(w5) | HASZERO(w6) | HASZERO(w7))
			break;				/* the word loop finds it */
		__builtin_memcpy(d, &w0, 8);
		__builtin_memcpy(d + 8, &w1, 8);
		__builtin_memcpy(d + 16, &w2, 8);
		__builtin_memcpy(d + 24, &w3, 8);
		__builtin_memcpy(d + 32, &w4, 8);
		__builtin_memcpy(d + 40, &w5, 8);
		__builtin_memcpy(d + 48, &w6, 8);
		memcpy(d + 56, s + 56, 8);		/* w7 read again */
		res += 64;
	}
	while (count - res > 8)
		if (word(dest, src, &res))
			return (ssize_t)res;
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
