/* Defect (retval): strlcpy that returns the number of bytes copied rather
 * than strlen(src), so callers cannot detect truncation. */
#include <stddef.h>

size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t i = 0;

	if (size == 0)
		return 0;			/* should be strlen(src) */
	for (; i + 1 < size && src[i] != '\0'; i++)
		dst[i] = src[i];
	dst[i] = '\0';
	return i;				/* should be strlen(src) */
}
