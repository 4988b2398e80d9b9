/* Defect (overread): strncpy that tests src[i] before i < n, so a source
 * with no NUL in n bytes is read one byte past n. */
#include <stddef.h>

char *strncpy(char *dst, const char *src, size_t n)
{
	size_t i = 0;

	for (; src[i] != '\0' && i < n; i++)	/* reads src[n] */
		dst[i] = src[i];
	for (; i < n; i++)
		dst[i] = '\0';
	return dst;
}
