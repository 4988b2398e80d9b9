/* Correct, though every byte is read twice: a pre-pass (strnlen) over the
 * whole string picks the path (a byte loop for short strings, words for
 * long ones), and then the copy reads the source again and trusts only its
 * own loads: every NUL test and every store come from one load, and the
 * pre-pass's length is a hint, never a bound.  A checker that flags every
 * double read would flag it; the traced flips must pass it. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0, hint;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	hint = strnlen(src, count);	/* the pre-pass: every byte read */
	if (hint >= 32) {
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
			__asm__("" : "+r"(w));
			z = (w - ONES) & ~w & HIGHS;
			if (z) {
				unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

				__builtin_memcpy(dest + res, &w, idx);
				dest[res + idx] = '\0';
				return (ssize_t)(res + idx);
			}
			__builtin_memcpy(dest + res, &w, 8);
			res += 8;
		}
	}
	for (; res + 1 < count; res++) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
	}
	dest[res] = '\0';
	return src[res] == '\0' ? (ssize_t)res : -E2BIG;
}
