/* Not a candidate: a shared object whose constructor crashes, for the
 * load-error tests (strcheck must refuse it, not die). */
#include <errno.h>
#include <sys/types.h>

__attribute__((constructor)) static void init(void)
{
	*(volatile int *)16 = 1;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	(void)dest, (void)src, (void)count;
	return -E2BIG;
}
