/* Defect (crash): "defensive" abort on a count that cannot be a real buffer
 * size.  The contract says: copy, or return -E2BIG writing nothing. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count > INT_MAX)
		abort();			/* should return -E2BIG */
	if (count == 0)
		return -E2BIG;
	for (i = 0; i < count - 1; i++)
		if ((dest[i] = src[i]) == '\0')
			return (ssize_t)i;
	dest[i] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
