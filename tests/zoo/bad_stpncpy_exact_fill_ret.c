/* Defect (retval): stpncpy whose copy loop counts down before stepping,
 * so when the copy fills all n bytes with no NUL (strlen(src) >= n) it
 * returns the last byte written, dst + n - 1, instead of dst + n.  Bytes
 * written are right; short sources return the first NUL, as they should.
 * Trigger: strlen(src) >= n > 0. */
#include <stddef.h>

char *stpncpy(char *dst, const char *src, size_t n)
{
	char *d = dst;

	if (n == 0)
		return d;
	for (;;) {
		if ((*d = *src) == '\0')
			break;
		if (--n == 0)
			return d;		/* should be d + 1 */
		d++;
		src++;
	}
	for (size_t i = 1; i < n; i++)		/* d[0] is the NUL */
		d[i] = '\0';
	return d;
}
