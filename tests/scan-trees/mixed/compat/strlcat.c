/* The other compat copy: strlcat over strlen and memcpy. */
#include <string.h>

#if !defined(HAVE_STRLCAT)
size_t
strlcat(char *dst, const char *src, size_t size)
{
	size_t dlen = strnlen(dst, size), slen = strlen(src), room;

	if (dlen == size)
		return size + slen;
	room = size - dlen - 1;
	if (slen < room)
		room = slen;
	memcpy(dst + dlen, src, room);
	dst[dlen + room] = '\0';
	return dlen + slen;
}
#endif
