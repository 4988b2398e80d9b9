/* Correct, fast for its first 1000 calls, then a millisecond a call (a
 * cache that stops fitting, a lock that starts to contend).  Before
 * issue 22 this passed after 1,120 cases; the run must end INCOMPLETE.
 * Not in MANIFEST (suite-42-verdicts runs it). */
#include <errno.h>
#include <sys/types.h>
#include <time.h>

static unsigned long calls;

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;
	char c;

	if (++calls > 1000) {
		struct timespec t = { 0, 1000 * 1000 };

		nanosleep(&t, NULL);
	}
	if (count == 0 || count > 0x7fffffff)
		return -E2BIG;
	for (i = 0; i < count - 1; i++) {
		c = src[i];  /* each source byte read once */
		dest[i] = c;
		if (!c)
			return (ssize_t)i;
	}
	c = src[i];
	dest[i] = 0;
	return c ? -E2BIG : (ssize_t)i;
}
