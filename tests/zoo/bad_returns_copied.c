/* Defect (retval): on truncation returns the number of bytes copied, as
 * if it were strlcpy's length, instead of -E2BIG. */
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0)
		return 0;			/* should be -E2BIG */
	for (i = 0; i < count - 1 && src[i] != '\0'; i++)
		dest[i] = src[i];
	dest[i] = '\0';
	return (ssize_t)i;			/* -E2BIG when src[i] != 0 */
}
