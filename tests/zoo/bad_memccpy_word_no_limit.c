/* Defect (overread): word-at-a-time memccpy that tests 8 bytes at once for
 * c (the has-zero test on the word xor c), loading a word while 8 bytes of
 * n are left but not limiting the loads to src's page.  When c is found
 * just before the end of a page, the load that finds it also reads bytes
 * after c on the next page: memccpy may read nothing past c.
 * Trigger: c within the last 7 bytes before an unmapped page, with at
 * least 8 bytes of n left at the word that holds it. */
#include <stddef.h>
#include <stdint.h>

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

	while (n >= 8) {
		uint64_t w = load8(s), x = w ^ rep;	/* no page limit */

		if ((x - ONES) & ~x & HIGHS)
			break;			/* c is in this word */
		__builtin_memcpy(d, &w, 8);
		d += 8;
		s += 8;
		n -= 8;
	}
	for (; n != 0; n--)
		if ((*d++ = *s++) == uc)
			return d;
	return NULL;
}
