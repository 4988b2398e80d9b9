/* Correct: aligned words from the first one, even when src is not
 * aligned.  The first load starts up to 7 bytes before src, inside src's
 * aligned word: it never leaves the page of src[0], so it cannot fault
 * (the contract allows it).  The bytes before src are shifted out before
 * the NUL test, so they are never taken for the string, and every stored
 * byte and the NUL's position come from the same load. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	const char *p = (const char *)((uintptr_t)src & ~(uintptr_t)7);
	unsigned skip = (unsigned)((uintptr_t)src & 7);
	size_t res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (;;) {
		uint64_t w, z;
		unsigned idx, n = 8 - skip;

		__builtin_memcpy(&w, p, 8);	/* aligned: never crosses a page */
		w >>= 8 * skip;			/* src's bytes, low first */
		z = (w - ONES) & ~w & HIGHS;	/* exact for the first zero */
		idx = z ? (unsigned)__builtin_ctzll(z) / 8 : 8;
		if (n > count - res)
			n = (unsigned)(count - res);
		if (idx < n) {
			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			if (n == 8)
				__builtin_memcpy(dest + res, &w, 8);
			else
				for (unsigned k = 0; k <= idx; k++)
					dest[res + k] = (char)(w >> (8 * k));
			return (ssize_t)(res + idx);
		}
		if (n == count - res) {		/* truncation */
			for (unsigned k = 0; k + 1 < n; k++)
				dest[res + k] = (char)(w >> (8 * k));
			dest[count - 1] = '\0';
			return -E2BIG;
		}
		if (n == 8)
			__builtin_memcpy(dest + res, &w, 8);
		else
			for (unsigned k = 0; k < n; k++)
				dest[res + k] = (char)(w >> (8 * k));
		res += n;
		p += 8;
		skip = 0;
	}
}
