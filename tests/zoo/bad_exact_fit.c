/* Defect (overwrite): "fits" tested as len <= count instead of len < count,
 * so a string of exactly count bytes gets its NUL at dest[count]. */
#include <errno.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t len = strnlen(src, count);

	if (count == 0)
		return -E2BIG;
	if (len <= count) {			/* off by one: len == count does not fit */
		memcpy(dest, src, len);
		dest[len] = '\0';
		return len == count ? -E2BIG : (ssize_t)len;
	}
	return -E2BIG;
}
