/* Correct, though it loads whole words: memccpy testing 8 bytes at once
 * for c (has-zero on the word xor c), loading only while 8 bytes of n are
 * left and the word lies in src's first page, so no load that runs past c
 * can fault; the word holding c goes byte by byte. */
#include <stddef.h>
#include <stdint.h>

#define PAGE 4096u
#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static uint64_t load8(const void *p)
{
	uint64_t w;

	__builtin_memcpy(&w, p, 8);
	return w;
}

void *memccpy(void *dst, const void *src, int c, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	unsigned char uc = (unsigned char)c;
	uint64_t rep = ONES * uc;
	size_t max = PAGE - ((uintptr_t)s & (PAGE - 1));

	while (n >= 8 && max >= 8) {
		uint64_t w = load8(s), x = w ^ rep;

		if ((x - ONES) & ~x & HIGHS)
			break;
		__builtin_memcpy(d, &w, 8);
		d += 8;
		s += 8;
		n -= 8;
		max -= 8;
	}
	for (; n != 0; n--)
		if ((*d++ = *s++) == uc)
			return d;
	return NULL;
}
