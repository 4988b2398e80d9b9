/* Defect (race, with --reader): the fit path stores the word holding the
 * NUL as two 4-byte halves, upper half first (a store helper written for
 * 4-byte-aligned buffers), and only then the word with the bytes after the
 * NUL cleared.  The final dest is right, but the bytes after the NUL are
 * written twice (a source byte, then zero), and when count ends inside
 * that word dest[count-1] briefly holds a source byte: a concurrent
 * reader sees no NUL where it stood.  Trigger: a fit whose NUL lies in the
 * last whole word below count (count - the head's bytes a multiple of 8),
 * before its last byte. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static void store_halves(char *p, uint64_t w)
{
	uint32_t hi = (uint32_t)(w >> 32), lo = (uint32_t)w;

	__builtin_memcpy(p + 4, &hi, 4);
	__builtin_memcpy(p, &lo, 4);
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
	while (count - res >= 8) {
		uint64_t w, z;

		__builtin_memcpy(&w, src + res, 8);	/* aligned: never crosses a page */
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			store_halves(dest + res, w);		/* as loaded */
			/* (the barrier keeps the compiler from merging the
			 * stores, as a separate helper's call would) */
			__asm__ volatile("" ::: "memory");
			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			__builtin_memcpy(dest + res, &w, 8);	/* again */
			return (ssize_t)(res + idx);
		}
		if (count - res == 8) {
			w &= ~(0xffull << 56);		/* dest[count-1]: the NUL */
			store_halves(dest + res, w);
			return -E2BIG;
		}
		store_halves(dest + res, w);
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
