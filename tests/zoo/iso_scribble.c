/* Not a manifest entry: an isolation fixture.  On one shape of case it
 * zeroes a large stretch of its caller's stack - the checker's own frames -
 * and then tries to return through them. */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 8201 && ((uintptr_t)src & 4095) == 0) {
		char *frame = __builtin_frame_address(0);

		memset(frame, 0, 2048);		/* the callers' frames */
		return 0;
	}
	if (count == 0)
		return -E2BIG;
	for (i = 0; i < count - 1 && src[i]; i++)
		dest[i] = src[i];
	dest[i] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
