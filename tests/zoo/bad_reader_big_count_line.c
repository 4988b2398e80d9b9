/* Defect (race, with --reader): a large-count truncation that ends dest on
 * a cache line stores its last word whole and then the NUL.  An aligned
 * word loop, each byte loaded once; on truncation the last whole word is
 * stored with its NUL in place, except where count is over 8 KiB and
 * dest + count falls on a 64-byte line (a "streaming" path for big
 * copies): there the word is stored as loaded and the NUL written over
 * dest[count-1] afterwards, so for a moment dest holds no NUL.  Trigger:
 * truncation, count > 8192, (dest + count) % 64 == 0, the word loop
 * reaching count. */
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
	int stream = count > 8192 && ((uintptr_t)(dest + count) & 63) == 0;

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
		if (count - res == 8 && !stream) {
			w &= ~(0xffull << 56);	/* little-endian: the NUL in the last byte */
			__builtin_memcpy(dest + res, &w, 8);
			return -E2BIG;
		}
		__builtin_memcpy(dest + res, &w, 8);
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
