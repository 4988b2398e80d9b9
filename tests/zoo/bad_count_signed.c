/* Defect (retval): the bound is compared as a signed number (ssize_t, to
 * match the signed return value).  A count of 2^63 or more is negative
 * there, so the loop never runs: dest[0] gets the NUL and -E2BIG comes
 * back, a partial write the contract does not allow (it wants the string
 * copied, or -E2BIG with nothing written). */
#include <errno.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	ssize_t max = (ssize_t)count;  /* the defect: SIZE_MAX is -1 here */
	ssize_t i;

	if (count == 0)
		return -E2BIG;
	for (i = 0; i + 1 < max; i++) {
		char c = src[i];

		dest[i] = c;
		if (c == '\0')
			return i;
	}
	dest[i] = '\0';
	return src[i] == '\0' ? i : -E2BIG;
}
