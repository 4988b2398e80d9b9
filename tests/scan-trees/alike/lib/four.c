/* Four parameters (dst, its size, src, its length): never to be called
 * as (dst, src, n) -- that would read src from a size. */
#include <stddef.h>
#include <string.h>

size_t buf_strlcpy(char *dst, size_t dlen, const char *src, size_t slen)
{
	size_t k = slen < dlen ? slen : dlen - 1;

	if (!dlen)
		return slen;
	memcpy(dst, src, k);
	dst[k] = 0;
	return slen;
}
