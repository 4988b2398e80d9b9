/* Defect (src-write): casts away const to terminate the source at count-1
 * so it can use strcpy, then puts the byte back.  The source may be
 * read-only (a string literal), and another thread may be reading it. */
#include <errno.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	char *s = (char *)src, save;
	size_t len;

	if (count == 0)
		return -E2BIG;
	len = strnlen(src, count);
	if (len < count) {
		strcpy(dest, src);
		return (ssize_t)len;
	}
	save = s[count - 1];
	s[count - 1] = '\0';			/* writes to the source */
	strcpy(dest, src);
	s[count - 1] = save;
	return -E2BIG;
}
