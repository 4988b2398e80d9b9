/* Correct: the kernel's shape for strscpy and strscpy_pad.  Unaligned
 * 8-byte loads while the whole word lies in the source's page (max =
 * bytes left in that page), so a load past the NUL never faults; the
 * word holding the NUL stored with the bytes after it cleared; the rest
 * byte by byte; strscpy_pad zeroes what follows the NUL afterwards, once
 * per byte it did not write (no byte is written twice with different
 * values). */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define PAGE 4096u
#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

/* The copy: the return value of strscpy, and in *end the first byte of
 * dest it did not write. */
static ssize_t copy(char *dest, const char *src, size_t count, size_t *end)
{
	size_t res = 0, max = count;

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
			*end = res + 8;
			return (ssize_t)(res + idx);
		}
		__builtin_memcpy(dest + res, &w, 8);
		res += 8;
		max -= 8;
	}
	*end = count;
	while (res + 1 < count) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0') {
			*end = res + 1;
			return (ssize_t)res;
		}
		res++;
	}
	{
		char c = src[res];

		dest[res] = '\0';
		return c == '\0' ? (ssize_t)res : -E2BIG;
	}
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t end;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	return copy(dest, src, count, &end);
}

ssize_t strscpy_pad(char *dest, const char *src, size_t count)
{
	size_t end;
	ssize_t ret;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	ret = copy(dest, src, count, &end);
	if (ret >= 0 && end < count)
		memset(dest + end, 0, count - end);
	return ret;
}
