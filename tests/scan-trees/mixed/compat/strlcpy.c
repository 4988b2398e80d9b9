/* A compat copy, built only where the C library lacks strlcpy. */
#include <stddef.h>

#ifndef HAVE_STRLCPY
size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t i = 0;

	for (; src[i] && i + 1 < size; i++)
		dst[i] = src[i];
	if (size)
		dst[i] = '\0';
	while (src[i])
		i++;
	return i;
}
#endif /* !HAVE_STRLCPY */
