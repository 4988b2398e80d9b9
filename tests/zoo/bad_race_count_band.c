/* Defect (race): a strscpy with three paths chosen by count.  Counts below
 * 256 and from 4,096 up take a byte loop (each byte loaded once); the
 * medium band, 256..4,095, measures the string with strnlen and copies it
 * with memcpy, reading every byte twice.  Trigger: a count in 256..4095
 * and a byte turned NUL (or the NUL turned non-NUL) between the two. */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

static ssize_t medium(char *dest, const char *src, size_t count)
{
	size_t n = strnlen(src, count);

	if (n == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dest, src, n + 1);
	return (ssize_t)n;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	if (count >= 256 && count < 4096)
		return medium(dest, src, count);
	for (res = 0; res + 1 < count; res++) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
	}
	dest[res] = '\0';
	return src[res] == '\0' ? (ssize_t)res : -E2BIG;
}
