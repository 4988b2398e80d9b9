/* Defect (overwrite): OpenBSD's strlcat with its "dst is unterminated"
 * test dropped.  When dst holds no NUL within size, the room left is 0,
 * "room - 1" wraps to SIZE_MAX, and all of src is appended at dst[size],
 * past the end of the buffer (an empty src still gets its NUL there).
 * Trigger: dst with no NUL in dst[0..size-1]. */
#include <stddef.h>

size_t strlcat(char *dst, const char *src, size_t size)
{
	const char *osrc = src;
	char *d = dst;
	size_t n = size, dlen;

	while (n-- != 0 && *d != '\0')
		d++;
	dlen = (size_t)(d - dst);
	n = size - dlen;			/* 0 when unterminated: not checked */
	n--;
	while (*src != '\0') {
		if (n != 0) {
			*d++ = *src;
			n--;
		}
		src++;
	}
	*d = '\0';
	return dlen + (size_t)(src - osrc);
}
