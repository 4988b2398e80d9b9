/*
 * mine.c - the "your implementation" of the README's and the man page's
 * examples (mine.so, libmine.so, libmine.a, my_strscpy.c): a correct
 * byte-at-a-time strscpy and strlcpy under the names the examples use, so
 * that tests/suite-05-docs.sh can run every example as written.
 */
#include <stddef.h>
#include <sys/types.h>

#define E2BIG 7

static ssize_t copy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0)
		return -E2BIG;
	/* Each source byte read once: a source changed mid-call still gives a
	 * terminated dest that agrees with the return value. */
	for (i = 0; i < count - 1; i++) {
		char c = src[i];

		dest[i] = c;
		if (!c)
			return (ssize_t)i;
	}
	dest[i] = 0;
	return src[i] ? -E2BIG : (ssize_t)i;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	return copy(dest, src, count);
}

ssize_t my_strscpy(char *dest, const char *src, size_t count)
{
	return copy(dest, src, count);
}

size_t my_strlcpy(char *dest, const char *src, size_t size)
{
	size_t len = 0;

	while (src[len])
		len++;
	if (size) {
		size_t n = len < size - 1 ? len : size - 1;

		for (size_t i = 0; i < n; i++)
			dest[i] = src[i];
		dest[n] = 0;
	}
	return len;
}
