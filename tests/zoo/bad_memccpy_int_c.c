/* Defect (retval): memccpy that compares the byte with int c as given
 * instead of (unsigned char)c.  Every c in 0..255 works; c = -1 or 0x141
 * (which must stop at 0xff and at 'A') never matches, so it copies all n
 * bytes, past the stop byte, and returns NULL.
 * Trigger: c outside 0..255 whose byte value occurs in src[0..n-1]. */
#include <stddef.h>

void *memccpy(void *dst, const void *src, int c, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n-- != 0)
		if ((*d++ = *s++) == c)		/* c not converted */
			return d;
	return NULL;
}
