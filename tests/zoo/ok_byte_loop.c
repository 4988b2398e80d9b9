/* Correct: the plain byte loop.  Reads each source byte once and stores
 * each dest byte once; the NUL goes in the first place it can. */
#include <errno.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0)
		return -E2BIG;
	for (i = 0; i < count - 1; i++) {
		char c = src[i];

		dest[i] = c;
		if (c == '\0')
			return (ssize_t)i;
	}
	dest[i] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
