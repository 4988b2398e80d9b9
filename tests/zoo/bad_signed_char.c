/* Defect (retval): the terminator test "c <= 0" on a plain (signed) char
 * also stops at every byte >= 0x80. */
#include <errno.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0)
		return -E2BIG;
	for (i = 0; i < count - 1; i++) {
		signed char c = (signed char)src[i];

		if (c <= 0) {			/* meant: c == 0 */
			dest[i] = '\0';
			return (ssize_t)i;
		}
		dest[i] = (char)c;
	}
	dest[i] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
