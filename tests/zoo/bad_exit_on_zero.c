/* Defect (crash): treats count == 0 as a fatal caller error and exits the
 * whole process; a library function must return -E2BIG instead. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0) {
		fprintf(stderr, "strscpy: zero-sized buffer\n");
		exit(1);
	}
	for (i = 0; i < count - 1; i++)
		if ((dest[i] = src[i]) == '\0')
			return (ssize_t)i;
	dest[i] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
