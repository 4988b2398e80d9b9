/* Hostile: a separate path for text that is not ASCII (a first byte >=
 * 0x80, as a UTF-8 aware copy might take), and only that path reads the
 * source twice (strnlen, then memcpy: a race).  A race check whose
 * strings are all letters never takes it. */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

/* ASCII: a byte loop that reads each byte once. */
static ssize_t copy(char *dest, const char *src, size_t count)
{
	size_t i;
	char ch;

	for (i = 0; i < count - 1; i++) {
		ch = src[i];
		dest[i] = ch;
		if (!ch)
			return (ssize_t)i;
	}
	ch = src[i];
	dest[i] = 0;
	return ch ? -E2BIG : (ssize_t)i;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t len;

	if (count == 0 || count > 0x7fffffff)
		return -E2BIG;
	if ((unsigned char)src[0] < 0x80 || count > 4096)
		return copy(dest, src, count);
	/* The defect: the length first, then the copy, two reads. */
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = 0;
		return -E2BIG;
	}
	memcpy(dest, src, len + 1);
	return (ssize_t)len;
}
