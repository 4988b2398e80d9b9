/* A digit after the API's name: another function.  Returns how many
 * bytes it copied, not the source's length. */
#include <stddef.h>

size_t strlcpy2(char *dst, const char *src, size_t n)
{
	size_t i = 0;

	if (!n)
		return 0;
	for (; i + 1 < n && src[i]; i++)
		dst[i] = src[i];
	dst[i] = 0;
	return i;
}
