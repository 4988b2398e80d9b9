/* An old-style (K&R) definition: the parameters' declarations between
 * ')' and '{'; a header the tree does not have. */
#include "proj_old.h"
#include <string.h>

size_t
strlcpy(dst, src, siz)
	char *dst;
	const char *src;
	size_t siz;
{
	size_t len = strlen(src);

	if (siz) {
		size_t n = len < siz ? len : siz - 1;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}
