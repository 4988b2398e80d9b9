/* Correct, with a constructor that takes 1.5 seconds (a library that
 * builds tables at load).  The load is reported and does not eat the
 * check: with --time=1 the cases asked for still run.  Not in MANIFEST
 * (suite-42-verdicts runs it). */
#include <errno.h>
#include <sys/types.h>
#include <time.h>

__attribute__((constructor)) static void slow_init(void)
{
	struct timespec t = { 1, 500 * 1000 * 1000 };

	nanosleep(&t, NULL);
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;
	char c;

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
