#include <errno.h>
#include <limits.h>

#include "ref.h"

ssize_t ref_strscpy_pad(char *dest, const char *src, size_t count)
{
	ssize_t len;
	size_t i;

	/* Padding a count above INT_MAX can never be right: the kernel
	 * refuses it, writing nothing (docs/contract.md). */
	if (count > INT_MAX)
		return -E2BIG;
	len = ref_strscpy(dest, src, count);

	if (len >= 0)
		for (i = (size_t)len + 1; i < count; i++)
			dest[i] = '\0';
	return len;
}
