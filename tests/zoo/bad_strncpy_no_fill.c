/* Defect (content): strncpy that stops after copying the NUL, without
 * zero-filling the rest of the n bytes as the C standard requires. */
#include <stddef.h>

char *strncpy(char *dst, const char *src, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((dst[i] = src[i]) == '\0')
			break;			/* missing: zero-fill to n */
	return dst;
}
