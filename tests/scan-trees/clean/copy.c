/* One correct copy: a scan of this tree passes. */
#include <stddef.h>

size_t tidy_strlcpy(char *dst, const char *src, size_t size)
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
