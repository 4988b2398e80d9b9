/* Correct: the kernel's shape.  Unaligned 8-byte loads, but the word loop
 * only runs while the whole word lies in the page of the first byte it
 * needs (max = bytes left in the source's page), so a load past the NUL
 * can never fault; the rest goes byte by byte. */
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

		memcpy(&w, src + res, 8);
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		memcpy(dest + res, &w, 8);
		res += 8;
		max -= 8;
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
