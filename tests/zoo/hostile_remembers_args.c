/* Hostile: remembers its last call's (src, dest, count) and behaves well
 * when called with the same arguments again, as a checker that replays a
 * call to test it would call it.  Other calls read the source twice
 * (strnlen, then memcpy: a race). */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

static const char *last_src;
static char *last_dest;
static size_t last_count;

/* A repetition: a byte loop that reads each byte once. */
static ssize_t copy(char *dest, const char *src, size_t count)
{
	size_t i;
	char ch;

	for (i = 0; i < count - 1; i++) {
		ch = src[i];
		dest[i] = ch;
		if (!ch)
			return (ssize_t)i;
	}
	ch = src[i];
	dest[i] = 0;
	return ch ? -E2BIG : (ssize_t)i;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t len;
	int again = src == last_src && dest == last_dest && count == last_count;

	last_src = src;
	last_dest = dest;
	last_count = count;
	if (count == 0 || count > 0x7fffffff)
		return -E2BIG;
	if (again || count > 4096)
		return copy(dest, src, count);
	/* The defect: the length first, then the copy, two reads. */
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = 0;
		return -E2BIG;
	}
	memcpy(dest, src, len + 1);
	return (ssize_t)len;
}
