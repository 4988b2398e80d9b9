/* Correct: strscpy_pad that refuses a count above INT_MAX before writing
 * anything (as the kernel does: padding such a count can never be right)
 * and pads every other count, 65,537 bytes or more included. */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_pad(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (i = 0; i < count - 1 && src[i]; i++)
		dest[i] = src[i];
	memset(dest + i, 0, count - i);
	return i < count - 1 || src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
