#include "ref.h"

size_t ref_strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = 0, i;

	while (src[len] != '\0')
		len++;
	if (size > 0) {
		for (i = 0; i < len && i < size - 1; i++)
			dst[i] = src[i];
		dst[i] = '\0';
	}
	return len;
}
