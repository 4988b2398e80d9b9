/* Defect (race): a 16-byte prologue for the aligned word loop ("most
 * strings are short") loads the first two aligned words and tests both,
 * then stores the first from its register but copies the second with
 * memcpy(dest + res + 8, src + res + 8, 8): bytes 8..15 of the aligned run
 * are read twice, the test and the copy a library call apart.  Only a byte
 * of that one word turning into a NUL in that window breaks it: dest then
 * holds a NUL before the length returned.  Trigger: a string that reaches
 * past the second aligned word, and a change of one of its 8 bytes. */
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

	__builtin_memcpy(&w, p, 8);		/* one load */
	return w;
}

static inline void store8(char *p, uint64_t w)
{
	__builtin_memcpy(p, &w, 8);
}

static inline uint64_t haszero(uint64_t w)
{
	return (w - ONES) & ~w & HIGHS;
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
	if (count - res > 16) {
		uint64_t a = load8(src + res);

		/* (the second word only once the first has no NUL: it may
		 * lie on the next page) */
		if (!haszero(a) && !haszero(load8(src + res + 8))) {
			store8(dest + res, a);
			memcpy(dest + res + 8, src + res + 8, 8);	/* read again */
			res += 16;
		}
	}
	while (count - res > 8) {
		uint64_t w = load8(src + res), z = haszero(w);

		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			store8(dest + res, w & (idx ? (1ull << (8 * idx)) - 1 : 0));
			return (ssize_t)(res + idx);
		}
		store8(dest + res, w);
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
