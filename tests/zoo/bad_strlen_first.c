/* Defect (overread): measures the source with strlen() before looking at
 * count, so an unterminated source of count bytes is read past its end. */
#include <errno.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t len = strlen(src);

	if (count == 0)
		return -E2BIG;
	if (len < count) {
		memcpy(dest, src, len + 1);
		return (ssize_t)len;
	}
	memcpy(dest, src, count - 1);
	dest[count - 1] = '\0';
	return -E2BIG;
}
