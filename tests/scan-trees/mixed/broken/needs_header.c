/* Needs a header the tree does not ship (its configured build makes it):
 * the file as it is does not compile; the function alone needs nothing. */
#include "generated_config.h"
#include <string.h>

char *cfg_strncat(char *dst, const char *src, size_t n)
{
	size_t d = strlen(dst), i = 0;

	for (; i < n && src[i]; i++)
		dst[d + i] = src[i];
	dst[d + i] = 0;
	return dst;
}
