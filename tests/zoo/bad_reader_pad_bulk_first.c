/* Defect (reader, strscpy_pad only): for a buffer of 256 KiB or more the
 * copy first clears all of dest with one memset (cheaper, the author
 * measured, than finding where the padding starts) and then copies the
 * string over the zeros, so every byte of the string is stored twice, a
 * zero and then its value: a reader of dest during the call sees the
 * string cut short at a zero that is not its end.  Smaller buffers take
 * the byte loop and pad after the NUL, and are right.  Trigger: a count
 * of 256 KiB or more (a dest backed on demand past its first page),
 * watched by --reader. */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

#define BULK 262144u

ssize_t strscpy_pad(char *dest, const char *src, size_t count)
{
	size_t res;
	int cleared = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	if (count >= BULK) {
		memset(dest, 0, count);
		cleared = 1;
	}
	for (res = 0; res + 1 < count; res++) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			break;
	}
	if (res + 1 == count) {
		char c = src[res];

		if (!cleared)
			dest[res] = '\0';
		return c == '\0' ? (ssize_t)res : -E2BIG;
	}
	if (!cleared)
		memset(dest + res + 1, 0, count - res - 1);
	return (ssize_t)res;
}
