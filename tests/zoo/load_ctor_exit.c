/* Not a candidate: a shared object whose constructor exits the process,
 * for the load-error tests. */
#include <errno.h>
#include <stdlib.h>
#include <sys/types.h>

__attribute__((constructor)) static void init(void)
{
	exit(0);
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	(void)dest, (void)src, (void)count;
	return -E2BIG;
}
