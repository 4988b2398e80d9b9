/* Defect (overwrite): the tail (8 bytes or fewer before count) is
 * assembled in a register and stored as one whole word, so up to 7 bytes
 * land at dest[count] and beyond. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0, i;
	uint64_t w = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (count - res > 8) {
		uint64_t z;

		for (i = 0, w = 0; i < 8; i++)
			w |= (uint64_t)(unsigned char)src[res + i] << (8 * i);
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		memcpy(dest + res, &w, 8);
		res += 8;
	}
	/* Tail: gather what is left, NUL in the last place, one store. */
	for (i = 0, w = 0; res + i + 1 < count; i++) {
		unsigned char c = (unsigned char)src[res + i];

		if (!c)
			break;
		w |= (uint64_t)c << (8 * i);
	}
	memcpy(dest + res, &w, 8);		/* 8 bytes, though fewer may be left */
	if (res + i + 1 == count && src[res + i] != '\0')
		return -E2BIG;
	return (ssize_t)(res + i);
}
