#include "ref.h"

size_t ref_strlcat(char *dst, const char *src, size_t size)
{
	size_t dlen = 0, slen = 0, i;

	/* dst's string, looked for within size bytes only. */
	while (dlen < size && dst[dlen] != '\0')
		dlen++;
	while (src[slen] != '\0')
		slen++;
	if (dlen == size)
		return size + slen;
	for (i = 0; i < slen && dlen + i < size - 1; i++)
		dst[dlen + i] = src[i];
	dst[dlen + i] = '\0';
	return dlen + slen;
}
