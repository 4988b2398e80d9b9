/* Defect (crash): long strings go through a bounce buffer that is only
 * allocated by an init function the caller was supposed to run; without
 * it the copy writes through a null pointer. */
#include <errno.h>
#include <string.h>
#include <sys/types.h>

static char *bounce;				/* set by strscpy_init(), never called */

void strscpy_init(char *buf)
{
	bounce = buf;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t len;

	if (count == 0)
		return -E2BIG;
	len = strnlen(src, count);
	if (len >= 4096) {
		memcpy(bounce, src, 4096);	/* bounce == NULL */
		memcpy(dest, bounce, 4096);
	}
	if (len == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dest, src, len);
	dest[len] = '\0';
	return (ssize_t)len;
}
