/* A fortified strncat: its fourth parameter is dest's size, and it
 * aborts when the result would not fit.  Not strncat. */
#include <stdlib.h>
#include <string.h>

char *__strncat_chk(char *dst, const char *src, size_t n, size_t dstlen)
{
	size_t d = strlen(dst), i = 0;

	for (; i < n && src[i]; i++)
		if (d + i + 1 >= dstlen)
			abort();
		else
			dst[d + i] = src[i];
	dst[d + i] = 0;
	return dst;
}
