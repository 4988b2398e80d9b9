/* Blocks: each call sleeps a minute before a correct copy (a lock never
 * released, a read of a pipe nobody writes).  It spends no CPU, so only
 * the watchdog's wall-clock backstop (20 times --timeout) can call it hung
 * (issue 42: a hung call is one that spends its CPU limit, or blocks far
 * longer).  Not in MANIFEST (suite-42-verdicts runs it). */
#include <errno.h>
#include <sys/types.h>
#include <time.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	struct timespec t = { 60, 0 };
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
