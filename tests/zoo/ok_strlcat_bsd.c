/* Correct: OpenBSD's strlcat, byte at a time.  Finds dst's length within
 * size, appends while there is room, then keeps counting src for the
 * return value. */
#include <stddef.h>

size_t strlcat(char *dst, const char *src, size_t dsize)
{
	const char *odst = dst, *osrc = src;
	size_t n = dsize, dlen;

	while (n-- != 0 && *dst != '\0')
		dst++;
	dlen = (size_t)(dst - odst);
	n = dsize - dlen;
	if (n-- == 0) {
		while (*src)
			src++;
		return dlen + (size_t)(src - osrc);
	}
	while (*src != '\0') {
		if (n != 0) {
			*dst++ = *src;
			n--;
		}
		src++;
	}
	*dst = '\0';
	return dlen + (size_t)(src - osrc);
}
