/* Defect (race): a pre-pass (strnlen) over the whole string gives the
 * length, and the copy loop trusts it as its bound: it copies that many
 * bytes one by one without testing them and puts the NUL after them.  A
 * byte turned NUL after the pre-pass is copied as a NUL before the end
 * the return value names.  Trigger: any byte of the string changed
 * between the pre-pass and the copy. */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t n, i;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	n = strnlen(src, count);
	if (n == count)
		n = count - 1;
	for (i = 0; i < n; i++)
		dest[i] = src[i];
	dest[n] = '\0';
	return n == count - 1 && src[n] != '\0' ? -E2BIG : (ssize_t)n;
}
