/* Defect (overread): strlcat that finds dst's length with an unbounded
 * strlen, as Linux's lib/string.c strlcat did (there behind a BUG_ON).
 * The result is right whenever dst holds a NUL within size, and even the
 * return is right when it does not (dlen >= size is caught), but finding
 * that out reads dst[size] and beyond.
 * Trigger: dst with no NUL in dst[0..size-1], ending at a guard page. */
#include <stddef.h>

size_t strlcat(char *dst, const char *src, size_t size)
{
	size_t dlen = 0, slen = 0, n;

	while (dst[dlen] != '\0')		/* reads past dst[size-1] */
		dlen++;
	while (src[slen] != '\0')
		slen++;
	if (dlen >= size)
		return size + slen;
	n = size - dlen - 1;
	if (n > slen)
		n = slen;
	for (size_t i = 0; i < n; i++)
		dst[dlen + i] = src[i];
	dst[dlen + n] = '\0';
	return dlen + slen;
}
