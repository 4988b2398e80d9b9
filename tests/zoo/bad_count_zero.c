/* Defect (overwrite): no special case for count == 0; count - 1 wraps to
 * SIZE_MAX, and the whole string is copied into a zero-byte buffer. */
#include <errno.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t max = count - 1, i;	/* SIZE_MAX when count == 0 */

	for (i = 0; i < max && src[i] != '\0'; i++)
		dest[i] = src[i];
	dest[i] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
