/* Correct: OpenBSD's strlcpy.  Copies while there is room, then keeps
 * counting to the end of the source for the return value. */
#include <stddef.h>

size_t strlcpy(char *dst, const char *src, size_t dsize)
{
	const char *osrc = src;
	size_t nleft = dsize;

	if (nleft != 0) {
		while (--nleft != 0) {
			if ((*dst++ = *src++) == '\0')
				break;
		}
	}
	if (nleft == 0) {
		if (dsize != 0)
			*dst = '\0';
		while (*src++)
			;
	}
	return (size_t)(src - osrc - 1);
}
