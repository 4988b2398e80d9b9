/* Defect (race): strnlen() then memcpy() reads the source twice.  If the
 * source changes in between, the NUL copied is not where the length says,
 * and dest can end up unterminated. */
#include <errno.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t len;

	if (count == 0)
		return -E2BIG;
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dest, src, len + 1);		/* second read: src[len] may differ */
	return (ssize_t)len;
}
