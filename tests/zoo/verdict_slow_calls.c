/* Correct but slow: a byte loop with about 20 microseconds of other work
 * per call (the speed of code under a sanitizer or an emulator).  The
 * default --time cannot run its whole grid: the run must end INCOMPLETE
 * (exit 3), never PASS.  Not in MANIFEST (suite-42-verdicts runs it). */
#include <errno.h>
#include <sys/types.h>
#include <time.h>

static void work(long ns)
{
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	do
		clock_gettime(CLOCK_MONOTONIC, &b);
	while ((b.tv_sec - a.tv_sec) * 1000000000L + (b.tv_nsec - a.tv_nsec) < ns);
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;
	char c;

	work(20000);
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
