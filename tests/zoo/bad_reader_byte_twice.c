/* Defect (race, with --reader): copies dest[count-1] from the source and
 * then overwrites it with the NUL.  The final result is right, but a
 * concurrent reader can see dest with no NUL in between. */
#include <errno.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0)
		return -E2BIG;
	for (i = 0; i < count; i++) {
		char c = src[i];

		dest[i] = c;			/* dest[count-1] written twice */
		if (c == '\0')
			return (ssize_t)i;
	}
	dest[count - 1] = '\0';
	return -E2BIG;
}
