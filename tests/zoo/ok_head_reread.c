/* Correct: one unaligned word for the head, then aligned words from the
 * next 8-byte boundary, which re-read the head's last bytes (glibc's and
 * many kernels' word copies start this way).  Each aligned word is stored
 * whole, the last one only up to its NUL.  When the source changes under
 * it and a NUL appears in the re-read part of the head, the bytes after
 * that NUL keep the head's first copy: the string's own earlier content,
 * which the contract allows after the NUL under a race (not a leak). */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static uint64_t zeros(uint64_t w)
{
	return (w - ONES) & ~w & HIGHS;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0;
	uint64_t w, z;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	/* The head word, where it stays on src's page and inside count. */
	if (count > 8 && ((uintptr_t)src & 4095) <= 4096 - 8) {
		memcpy(&w, src, 8);
		z = zeros(w);
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			memcpy(dest, &w, idx + 1);
			return (ssize_t)idx;
		}
		memcpy(dest, &w, 8);
		res = 8 - ((uintptr_t)src & 7);
	}
	while (((uintptr_t)(src + res) & 7) && res + 1 < count) {
		if ((dest[res] = src[res]) == '\0')
			return (ssize_t)res;
		res++;
	}
	while (count - res > 8) {
		memcpy(&w, src + res, 8);
		z = zeros(w);
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			memcpy(dest + res, &w, idx + 1);
			return (ssize_t)(res + idx);
		}
		memcpy(dest + res, &w, 8);
		res += 8;
	}
	while (res + 1 < count) {
		if ((dest[res] = src[res]) == '\0')
			return (ssize_t)res;
		res++;
	}
	{
		char c = src[res];

		dest[res] = '\0';
		return c == '\0' ? (ssize_t)res : -E2BIG;
	}
}
