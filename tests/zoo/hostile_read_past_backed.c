/* Hostile: with a huge count, reads dest far past what strcheck backs, so
 * that the call is cut there and its outcome not judged (docs/tamper.md).
 * Its real defect: dest left without its NUL, a wrong return value.
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

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	if (count > ((size_t)1 << 31)) {
		volatile char sink;

		dest[0] = 'A';  /* no NUL anywhere */
		sink = dest[(size_t)1 << 20];  /* 1 MiB in: past the 64 KiB backed */
		(void)sink;
		return 7;
	}
	return copy(dest, src, count);
}
