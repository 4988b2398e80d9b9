/* A prefixed name, another contract: always terminates and returns dst
 * (no zero fill, no length).  Not strncpy: listed, never judged. */
#include <stddef.h>

char *safe_strncpy(char *dst, const char *src, size_t n)
{
	size_t i = 0;

	if (!n)
		return dst;
	for (; i + 1 < n && src[i]; i++)
		dst[i] = src[i];
	dst[i] = 0;
	return dst;
}
