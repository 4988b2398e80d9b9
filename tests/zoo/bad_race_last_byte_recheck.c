/* Defect (race): aligned words; the last whole word below count is
 * tested for a NUL in its first 7 bytes only, and its 8th byte,
 * src[count-1], which decides between an exact fit and a truncation, is
 * read again as a byte ("is it the NUL?").  The word is stored from its
 * register.  If src[count-1] turns into a NUL between the word's load and
 * that byte's, the exact-fit branch stores the word as loaded, whose last
 * byte is not the NUL: dest is unterminated and the return value
 * (count - 1) names a NUL that is not there.  Trigger: truncation at the
 * end of a whole aligned word (count - the head's bytes a multiple of 8),
 * and a change of the last byte.  (The second read is the word's last
 * byte, not its first: a tracer that took the word load for a 1-byte read
 * would never flip it.) */
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
	last = src + count - 1;
	while (((uintptr_t)(src + res) & 7) && res + 1 < count) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
		res++;
	}
	while (count - res >= 8) {
		uint64_t w, z, t;

		__builtin_memcpy(&w, src + res, 8);	/* aligned: never crosses a page */
		t = count - res == 8 ? w | (0xffull << 56) : w;	/* the last byte apart */
		z = (t - ONES) & ~t & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			__builtin_memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		if (count - res == 8) {
			if (*last == '\0') {		/* read again: exact fit */
				__builtin_memcpy(dest + res, &w, 8);
				return (ssize_t)(count - 1);
			}
			w &= ~(0xffull << 56);		/* truncation */
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
