/* Not a manifest entry: an isolation fixture for the strcheck suite.  It
 * leaks (found early in the grid) and calls _exit() on one later shape of
 * case, so the test can see that the crash is reported, the run resumes
 * after it, and the leak found before it is not lost. */
#include <errno.h>
#include <stdint.h>
#include <unistd.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 8201 && ((uintptr_t)src & 4095) == 0)
		_exit(3);
	if (count == 0)
		return -E2BIG;
	for (i = 0; i < count - 1 && src[i]; i++)
		dest[i] = src[i];
	dest[i] = '\0';
	if (i + 1 < count)
		dest[i + 1] = 'X';		/* the leak */
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
