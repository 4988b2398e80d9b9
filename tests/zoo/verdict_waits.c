/* Waits: each call sleeps 100 ms, all of it whatever signal comes, before
 * a correct copy (a lock held a while, a slow device).  Ten times a
 * --timeout of 10 ms in wall time but no CPU: not hung (issue 42: a hung
 * call is one that spends its CPU limit, or blocks 20 times as long).
 * Not in MANIFEST (suite-42-verdicts runs it). */
#include <errno.h>
#include <sys/types.h>
#include <time.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	struct timespec t = { 0, 100 * 1000 * 1000 };
	size_t i;
	char c;

	while (nanosleep(&t, &t) != 0)
		;  /* a signal does not end the wait */
	if (count == 0 || count > 0x7fffffff)
		return -E2BIG;
	for (i = 0; i < count - 1; i++) {
		c = src[i];
		dest[i] = c;
		if (!c)
			return (ssize_t)i;
	}
	c = src[i];
	dest[i] = 0;
	return c ? -E2BIG : (ssize_t)i;
}
