/* Defect (retval): musl's stpncpy shape, with its memset(d, 0, n) tail
 * turned into a loop that steps d: the return is then the end of the
 * zero-fill, dst + n, not the first NUL written.  Bytes written are right.
 * Trigger: strlen(src) < n. */
#include <stddef.h>

char *stpncpy(char *d, const char *s, size_t n)
{
	for (; n && (*d = *s) != '\0'; n--, s++, d++)
		;
	while (n--)
		*d++ = '\0';			/* steps d past the NUL */
	return d;
}
