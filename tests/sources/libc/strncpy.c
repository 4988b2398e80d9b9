/* libc-style strncpy (musl and FreeBSD shape): the work is done by the
 * internal helper __stpncpy, which glibc exports too.  Written for
 * strcheck's tests. */
#include <stddef.h>

char *__stpncpy(char *restrict d, const char *restrict s, size_t n);

char *strncpy(char *restrict d, const char *restrict s, size_t n)
{
	__stpncpy(d, s, n);
	return d;
}
