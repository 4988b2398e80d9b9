/* Defect (overwrite): strlcpy that always stores the terminator without checking
 * size; with size == 0 it still writes dst[0], a buffer of no bytes. */
#include <stddef.h>

size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = 0, i;

	while (src[len] != '\0')
		len++;
	for (i = 0; i + 1 < size && i < len; i++)
		dst[i] = src[i];
	dst[i] = '\0';				/* size == 0: writes dst[0] */
	return len;
}
