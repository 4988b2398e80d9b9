/* Defect (race): strscpy on the C library's memccpy(), which looks tidy
 * but reads the source twice: glibc's memccpy is memchr() to find the NUL
 * and then memcpy() to copy up to it.  A byte changing in between ends up
 * in dest disagreeing with the return value. */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	char *end;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	end = memccpy(dest, src, '\0', count);
	if (end)
		return end - dest - 1;
	dest[count - 1] = '\0';
	return -E2BIG;
}
