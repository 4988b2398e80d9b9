/* Defect (crash): a debug build's strscpy that raises SIGUSR1 on every
 * truncation, for a debugger to stop on.  In a real program (SIGUSR1 at
 * its default action) that ends the process; the checked process starts
 * with every signal at its default action, as a program does, so it is a
 * crash here too (it once passed: the checker's own handler caught it). */
#include <errno.h>
#include <signal.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;
	char c;

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
	if (c) {
		raise(SIGUSR1);
		return -E2BIG;
	}
	return (ssize_t)i;
}
