/* Defect (race, with --reader): the kernel's shape, unaligned words while
 * the word stays in the source's page; the word path truncates right (the
 * last word stored with dest[count-1] already zero), and so does the byte
 * tail of a short count.  But where the word loop stops at the end of the
 * source's page with 8 or more bytes still to go, a byte loop copies up to
 * count, dest[count-1] included, and then writes the NUL over it: two
 * stores to that byte and a moment with no NUL in dest.  Trigger:
 * truncation of a source that crosses a page boundary at least 8 bytes
 * before count. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define PAGE 4096u
#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0, max = count;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	if (max > PAGE - ((uintptr_t)src & (PAGE - 1)))
		max = PAGE - ((uintptr_t)src & (PAGE - 1));
	while (max >= 8 && count - res >= 8) {
		uint64_t w, z;

		__builtin_memcpy(&w, src + res, 8);
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			__builtin_memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		if (count - res == 8) {
			w &= ~(0xffull << 56);		/* dest[count-1]: the NUL */
			__builtin_memcpy(dest + res, &w, 8);
			return -E2BIG;
		}
		__builtin_memcpy(dest + res, &w, 8);
		res += 8;
		max -= 8;
	}
	if (count - res >= 8) {
		/* the page ends here: the rest byte by byte */
		for (; res < count; res++) {
			char c = src[res];

			((volatile char *)dest)[res] = c;	/* dest[count-1] too */
			if (c == '\0')
				return (ssize_t)res;
		}
		((volatile char *)dest)[count - 1] = '\0';
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
