/* A strncpy that forgets the contract's zero padding after the NUL. */
#include <stddef.h>

char *fast_strncpy(char *dst, const char *src, size_t n)
{
	size_t i = 0;

	for (; i < n && src[i]; i++)
		dst[i] = src[i];
	if (i < n)
		dst[i] = 0;
	return dst;
}
