/* Defect (race): the kernel's shape (unaligned words while the word stays
 * in the source's page), with a "fast" 5-byte tail: when exactly 5 bytes
 * are left below count (count % 8 == 5 once the word loop has run to its
 * end), it tests a 4-byte load for a NUL and, finding none, copies those
 * 4 bytes with memcpy() from the source: read twice.  Every other count
 * goes byte by byte and is right.  Trigger: count % 8 == 5, a string that
 * reaches the tail (truncation or a NUL in its last byte), and one of the
 * 4 bytes turning into a NUL between the test and the copy: dest holds a
 * NUL before the one the return value names. */
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
	while (max >= 8 && count - res > 8) {
		uint64_t w, z;

		__builtin_memcpy(&w, src + res, 8);
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			__builtin_memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		__builtin_memcpy(dest + res, &w, 8);
		res += 8;
		max -= 8;
	}
	if (count - res == 5 && max >= 4) {
		uint32_t t;

		__builtin_memcpy(&t, src + res, 4);
		if (!((t - 0x01010101u) & ~t & 0x80808080u)) {
			memcpy(dest + res, src + res, 4);	/* read again */
			res += 4;
		}
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
