/* The same strlcpy in two packages: checked once, the other from the
 * cache. */
#include <stddef.h>

size_t strlcpy(char *dst, const char *src, size_t size)
{
	const char *s = src;
	size_t left = size;

	if (left)
		while (--left && (*dst++ = *s++))
			;
	if (!left) {
		if (size)
			*dst = 0;
		while (*s++)
			;
	}
	return (size_t)(s - src - (left ? 0 : 1)) - (left ? 1 : 0);
}
