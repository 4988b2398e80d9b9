#include "ref.h"

char *ref_strncat(char *dst, const char *src, size_t n)
{
	size_t dlen = 0, i;

	while (dst[dlen] != '\0')
		dlen++;
	/* src need not be terminated: src[n] is never read. */
	for (i = 0; i < n && src[i] != '\0'; i++)
		dst[dlen + i] = src[i];
	dst[dlen + i] = '\0';
	return dst;
}
