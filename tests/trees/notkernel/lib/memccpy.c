/* memccpy in a lib/ folder beside include/linux/: not a kernel tree. */
#include <string.h>

void *memccpy(void *dst, const void *src, int c, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--)
		if ((*d++ = *s++) == (unsigned char)c)
			return d;
	return NULL;
}
