/* A replacement, built where the C library has no strlcpy: judged as
 * strlcpy, though its name has a prefix. */
#include <stddef.h>

#ifndef HAVE_STRLCPY
size_t lib_strlcpy(char *dst, const char *src, size_t size)
{
	size_t i = 0;

	for (; src[i] && i + 1 < size; i++)
		dst[i] = src[i];
	if (size)
		dst[i] = 0;
	while (src[i])
		i++;
	return i;
}
#endif
