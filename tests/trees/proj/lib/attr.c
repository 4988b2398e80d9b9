/* An attribute macro before the name and an alias line after the body,
 * both from a header the tree does not have. */
#include "proj_cdefs.h"
#include <string.h>

size_t PROJ_EXPORT strlcpy(char *dst, const char *src, size_t size)
{
	const char *s = src;

	for (; *s; s++)
		if (size > 1)
			*dst++ = *s, size--;
	if (size)
		*dst = 0;
	return (size_t)(s - src);
}
weak_alias(strlcpy, proj_strlcpy);
