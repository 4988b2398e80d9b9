/* Defect (race, strscpy_pad with --reader): strscpy_pad zero-fills dest
 * first and then copies over the zeros ("dest is terminated all along").
 * The final dest is right, and a reader always finds a NUL, but every byte
 * of the string is stored twice with different values (a zero, then the
 * source byte): a concurrent reader sees dest cut short, and the
 * single-write promise is broken.  dest[count-1] is zero all along, so a
 * reader that only watches for an unterminated dest never sees it; only
 * a trace of the stores does.  strscpy is right. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (i = 0; i + 1 < count; i++) {
		char c = src[i];

		dest[i] = c;
		if (c == '\0')
			return (ssize_t)i;
	}
	dest[i] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}

ssize_t strscpy_pad(char *dest, const char *src, size_t count)
{
	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	memset(dest, 0, count);				/* first store */
	return strscpy(dest, src, count);		/* the second */
}
