/* Defect (race): a quick path for short counts (16 or less, "the common
 * case for names") that measures with strnlen() and copies with memcpy(),
 * reading the source twice; longer counts take a careful single pass.  A
 * race check that only tries long strings never sees it. */
#include <errno.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0)
		return -E2BIG;
	if (count <= 16) {
		size_t len = strnlen(src, count);

		if (len == count) {
			memcpy(dest, src, count - 1);
			dest[count - 1] = '\0';
			return -E2BIG;
		}
		memcpy(dest, src, len + 1);	/* src[len] read again */
		return (ssize_t)len;
	}
	for (i = 0; i + 1 < count; i++) {
		char c = src[i];

		dest[i] = c;
		if (c == '\0')
			return (ssize_t)i;
	}
	if (src[i] == '\0') {
		dest[i] = '\0';
		return (ssize_t)i;
	}
	dest[i] = '\0';
	return -E2BIG;
}
