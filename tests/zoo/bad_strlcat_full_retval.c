/* Defect (retval): strlcat whose "no room left" early return is off by
 * one.  When dst's string already fills the buffer (dlen == size - 1)
 * nothing can be appended, and this returns as if dst were unterminated:
 * size + strlen(src), one more than dlen + strlen(src).  What it writes
 * (nothing) is right.
 * Trigger: dlen == size - 1 (a full buffer), any src. */
#include <stddef.h>

size_t strlcat(char *dst, const char *src, size_t size)
{
	char *d = dst;
	const char *s = src;
	size_t n = size, dlen;

	while (n != 0 && *d != '\0') {
		d++;
		n--;
	}
	dlen = (size_t)(d - dst);
	n = size - dlen;
	if (n <= 1) {				/* should be n == 0 */
		while (*s)
			s++;
		return size + (size_t)(s - src);
	}
	while (*s != '\0') {
		if (n != 1) {
			*d++ = *s;
			n--;
		}
		s++;
	}
	*d = '\0';
	return dlen + (size_t)(s - src);
}
