/* Defect (content): strscpy_pad zeroes only to the end of the word that
 * holds the NUL, not to dest[count-1]; the rest keeps stale bytes. */
#include <errno.h>
#include <stdint.h>
#include <sys/types.h>

ssize_t strscpy_pad(char *dest, const char *src, size_t count)
{
	size_t i, end;

	if (count == 0)
		return -E2BIG;
	for (i = 0; i < count - 1 && src[i] != '\0'; i++)
		dest[i] = src[i];
	dest[i] = '\0';
	end = (i + 8) & ~(size_t)7;		/* should be count */
	for (size_t k = i + 1; k < end && k < count; k++)
		dest[k] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
