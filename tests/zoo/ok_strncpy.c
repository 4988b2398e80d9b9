/* Correct: the C standard strncpy.  Copy up to the NUL, zero-fill to n,
 * no NUL when the source fills all n bytes. */
#include <stddef.h>

char *strncpy(char *dst, const char *src, size_t n)
{
	size_t i = 0;

	for (; i < n && src[i] != '\0'; i++)
		dst[i] = src[i];
	for (; i < n; i++)
		dst[i] = '\0';
	return dst;
}
