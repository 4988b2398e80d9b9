/* Not a candidate: a shared object whose constructor never returns, for
 * the load-error tests. */
#include <errno.h>
#include <sys/types.h>

__attribute__((constructor)) static void init(void)
{
	for (volatile int spin = 1; spin;)
		;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	(void)dest, (void)src, (void)count;
	return -E2BIG;
}
