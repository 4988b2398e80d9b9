#include <errno.h>

#include "ref.h"

ssize_t ref_strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0)
		return -E2BIG;
	for (i = 0; i < count - 1; i++) {
		dest[i] = src[i];
		if (src[i] == '\0')
			return (ssize_t)i;
	}
	/* i == count - 1: src[i] may be read, it is inside the count. */
	dest[i] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
