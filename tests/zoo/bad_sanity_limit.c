/* Defect (retval): a "sanity limit" refuses any count above 1 MiB, as if
 * no real buffer were that large.  The contract allows refusing only
 * counts above INT_MAX; below it a short string must be copied, whatever
 * the count (a caller may well pass the size of a 2 MiB buffer). */
#include <errno.h>
#include <sys/types.h>

#define SANE_MAX (1u << 20)

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0 || count > SANE_MAX)  /* the defect: SANE_MAX, not INT_MAX */
		return -E2BIG;
	for (i = 0; i < count - 1; i++) {
		char c = src[i];

		dest[i] = c;
		if (c == '\0')
			return (ssize_t)i;
	}
	dest[i] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
