/* Defect (race): a byte loop over a volatile source that tests each byte
 * and then reads it again to copy it.  Two loads of one byte, a couple of
 * instructions apart: if the byte turns into a NUL in between, dest gets a
 * NUL the loop did not stop at, and the return value disagrees with it.
 * (volatile is what a driver author writes for memory another agent
 * changes; it is also what forces the second load here.) */
#include <errno.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	const volatile char *s = src;
	size_t i;

	if (count == 0)
		return -E2BIG;
	for (i = 0; i + 1 < count; i++) {
		if (s[i] == '\0')
			break;
		dest[i] = s[i];			/* the second read of src[i] */
	}
	if (i + 1 == count && s[i] != '\0') {
		dest[i] = '\0';
		return -E2BIG;
	}
	dest[i] = '\0';
	return (ssize_t)i;
}
