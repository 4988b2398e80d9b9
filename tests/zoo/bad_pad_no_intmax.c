/* Defect (overwrite): strscpy_pad built on a strscpy core that accepts any
 * count (legal for strscpy: a huge count with a short string just copies).
 * Then it pads count - len - 1 bytes: for a count above INT_MAX that runs
 * off the end of any buffer and faults.  The kernel's strscpy_pad refuses
 * such a count with -E2BIG, writing nothing. */
#include <errno.h>
#include <string.h>
#include <sys/types.h>

static ssize_t copy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0)  /* the defect: no "|| count > INT_MAX" */
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

	if (ret >= 0)
		memset(dest + ret + 1, 0, count - (size_t)ret - 1);
	return ret;
}
