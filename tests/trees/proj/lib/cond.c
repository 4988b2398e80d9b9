/* A copy compiled only where the C library lacks one, and static: the
 * build alone takes its branch and exports it. */
#include "proj.h"
#include <string.h>

#ifndef HAVE_STRLCPY
static size_t my_strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len >= size ? size : len;	/* one byte too many */

		memcpy(dst, src, n);
		dst[n] = 0;
	}
	return len;
}
#endif
