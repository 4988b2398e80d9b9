/* Correct, though a sloppy checker may doubt it: strlcat built from the C
 * library's strnlen, strlen and memcpy.  strnlen stops at size, so dst is
 * never read past dst[size-1]; glibc's strnlen and strlen load whole
 * aligned vectors past the bytes they need, which never cross a page; an
 * unterminated dst (dlen == size) appends nothing.  Calls out to the C
 * library (the report notes it). */
#include <string.h>

size_t strlcat(char *dst, const char *src, size_t size)
{
	size_t dlen = strnlen(dst, size), slen = strlen(src), n;

	if (dlen == size)
		return size + slen;
	n = slen < size - dlen - 1 ? slen : size - dlen - 1;
	memcpy(dst + dlen, src, n);
	dst[dlen + n] = '\0';
	return dlen + slen;
}
