/*
 * A plain strscpy written the way users write one: it takes E2BIG from the
 * C library's <errno.h> and its types from <string.h>, <stdint.h> and
 * <sys/types.h>, so building it for another architecture needs that
 * architecture's C library headers (tests/suite-61-arch-sources.sh builds
 * it with --arch=NAME for every architecture strcheck has).  Correct.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0 || count > INT32_MAX)
		return -E2BIG;
	for (i = 0; i < count; i++) {
		dest[i] = src[i];
		if (!src[i])
			return (ssize_t)i;
	}
	dest[count - 1] = 0;
	return -E2BIG;
}
