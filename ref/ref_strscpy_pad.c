#include "ref.h"

ssize_t ref_strscpy_pad(char *dest, const char *src, size_t count)
{
	ssize_t len = ref_strscpy(dest, src, count);
	size_t i;

	if (len >= 0)
		for (i = (size_t)len + 1; i < count; i++)
			dest[i] = '\0';
	return len;
}
