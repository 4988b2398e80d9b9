/* Correct, with a benign double read: a probe, strnlen() over the first
 * 16 bytes (at most count), chooses the path (short strings by bytes, no
 * set-up cost; longer ones by aligned words), and then the copy reads the
 * source again.  The probe's answer is only a hint: each path finds the
 * NUL with its own loads and stores what those loads saw, so a source
 * that changes after the probe still gives a terminated dest and a
 * return value that agrees with it.  A checker that flags every byte read
 * twice would flag this one. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static ssize_t bytes(char *dest, const char *src, size_t count, size_t res)
{
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

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	if (strnlen(src, count < 16 ? count : 16) < 16)
		return bytes(dest, src, count, 0);	/* short: the probe's hint */
	while (((uintptr_t)(src + res) & 7) && res + 1 < count) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
		res++;
	}
	while (count - res > 8) {
		uint64_t w, z;

		__builtin_memcpy(&w, src + res, 8);	/* aligned: never crosses a page */
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			__builtin_memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		__builtin_memcpy(dest + res, &w, 8);
		res += 8;
	}
	return bytes(dest, src, count, res);
}
