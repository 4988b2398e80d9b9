/* Looks like a copy, and kills the process that calls it: costs its own
 * row (the probe's sandboxed child), never the scan. */
#include <signal.h>
#include <stddef.h>

char *fast_stpncpy(char *dst, const char *src, size_t n)
{
	(void)src;
	(void)n;
	raise(SIGKILL);
	return dst;
}
