/* Defect (underwrite): strscpy_pad pads from ret + 1 without checking for
 * -E2BIG, so on truncation the memset starts 6 bytes before dest. */
#include <errno.h>
#include <string.h>
#include <sys/types.h>

static ssize_t copy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0)
		return -E2BIG;
	for (i = 0; i < count - 1; i++)
		if ((dest[i] = src[i]) == '\0')
			return (ssize_t)i;
	dest[i] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}

ssize_t strscpy_pad(char *dest, const char *src, size_t count)
{
	ssize_t ret = copy(dest, src, count);

	if (count)
		memset(dest + ret + 1, 0, count - (size_t)(ret + 1));	/* ret may be -E2BIG */
	return ret;
}
