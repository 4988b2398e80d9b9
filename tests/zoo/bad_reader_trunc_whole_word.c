/* Defect (race, with --reader): the truncation path stores the last word
 * below count as loaded and then writes the NUL into dest[count-1] (the
 * 2015 kernel's order), but only where truncation falls on the end of a
 * whole aligned word (count - the head's bytes a multiple of 8); a tail of
 * 1..7 bytes is copied byte by byte and terminated right.  Two stores to
 * dest[count-1], a source byte then the NUL, and a moment when dest holds
 * no NUL at all.  Trigger: truncation with that count residue. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

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

			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			__builtin_memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		__builtin_memcpy(dest + res, &w, 8);	/* may end at dest[count-1] */
		res += 8;
	}
	if (res == count) {
		((volatile char *)dest)[count - 1] = '\0';	/* the second store */
		return -E2BIG;
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
