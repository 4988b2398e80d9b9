/* Defect (termination): on truncation copies count-1 bytes and returns
 * -E2BIG, but forgets the NUL in dest[count-1]. */
#include <errno.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0)
		return -E2BIG;
	for (i = 0; i < count - 1; i++) {
		if ((dest[i] = src[i]) == '\0')
			return (ssize_t)i;
	}
	if (src[i] == '\0') {
		dest[i] = '\0';
		return (ssize_t)i;
	}
	return -E2BIG;				/* dest[count-1] never written */
}
