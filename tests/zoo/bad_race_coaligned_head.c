/* Defect (race): a word copy with a head table for co-aligned buffers.
 * When src and dest share their alignment modulo 8 (and src is not
 * aligned), the head bytes up to src's next 8-byte boundary are handled
 * by a table indexed by the head's length: it measures the head with
 * strnlen and then copies it with memcpy, reading those source bytes
 * twice.  Everything else (the mutually misaligned head, the word loop,
 * the tail) loads each byte once.  Trigger: src % 8 == dest % 8, in 1..7,
 * and a head byte turned NUL between the measure and the copy. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static ssize_t head_table(char *dest, const char *src, size_t h, size_t *done)
{
	size_t n = strnlen(src, h);	/* first read of the head */

	memcpy(dest, src, n);		/* second read */
	if (n < h) {
		dest[n] = '\0';
		return (ssize_t)n;
	}
	*done = h;
	return -1;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0;
	uintptr_t mis = (uintptr_t)src & 7;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	if (mis && mis == ((uintptr_t)dest & 7) && 8 - mis < count) {
		ssize_t r = head_table(dest, src, 8 - mis, &res);

		if (r >= 0)
			return r;
	}
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
		__asm__("" : "+r"(w));		/* one load: READ_ONCE */
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			__builtin_memcpy(dest + res, &w, idx + 1);
			return (ssize_t)(res + idx);
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
	dest[res] = '\0';
	return src[res] == '\0' ? (ssize_t)res : -E2BIG;
}
