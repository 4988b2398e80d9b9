/* Hostile: with a huge count, grows the memfd behind dest (found through
 * /proc/self/fd) so a write past what strcheck backs does not fault, and
 * strcheck judges only what it backed itself (docs/tamper.md).
 * Its real defect: a byte written 100 KiB after the NUL, inside count.
 * Correct except for that, and only with a count above INT_MAX (the grid's
 * huge counts), as a real attack would hide. */
#include <errno.h>
#include <stdint.h>
#include <sys/types.h>
/* The copy itself is correct: a byte loop that reads each byte once. */
static ssize_t copy(char *dest, const char *src, size_t count)
{
	size_t i;
	char ch;

	if (count == 0 || count > 0x7fffffff)
		return -E2BIG;
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

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The memfd strcheck backs a huge dest with: -1 if none. */
static int dest_memfd(void)
{
	char path[64], link[128];

	for (int fd = 3; fd < 64; fd++) {
		ssize_t n;

		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		n = readlink(path, link, sizeof(link) - 1);
		if (n > 0) {
			link[n] = 0;
			if (strstr(link, "memfd:strcheck-dest"))
				return fd;
		}
	}
	return -1;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	/* A count above INT_MAX: copied (as strscpy may) as far as 4096. */
	if (count > ((size_t)1 << 31)) {
		ssize_t r = copy(dest, src, 4096);
		int fd = dest_memfd();

		if (r >= 0 && fd >= 0 && ftruncate(fd, (off_t)2 << 20) == 0)
			dest[(size_t)100 << 10] = 'X';  /* 100 KiB after the NUL: a leak */
		return r;
	}
	return copy(dest, src, count);
}
