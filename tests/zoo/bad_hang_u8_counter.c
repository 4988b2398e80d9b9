/* Defect (hang): the index is an unsigned char.  With count and the string
 * both longer than 255 it wraps to 0 and copies the first 256 bytes forever. */
#include <errno.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	unsigned char i;			/* should be size_t */

	if (count == 0)
		return -E2BIG;
	for (i = 0; i + 1u < count; i++)
		if ((dest[i] = src[i]) == '\0')
			return i;
	dest[i] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
