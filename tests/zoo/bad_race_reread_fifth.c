/* Defect (race): a "careful" strscpy that measures the string until the
 * measure is stable: a byte loop (one load a byte) four times, starting
 * over while two measures in a row disagree, and then a copy loop that
 * trusts the length and does not test the bytes.  Every byte is read five
 * times; a change before the fourth read is seen by a later measure and
 * harmless, but a change between the fourth read (the last measure) and
 * the fifth (the copy) is copied as it is now: a byte turned NUL is copied
 * into dest while the return says the string goes on.  Trigger: a flip
 * right after read 4 of a byte (a checker that keeps only the first four
 * reads of a byte never flips there). */
#include <errno.h>
#include <limits.h>
#include <sys/types.h>

static size_t measure(const volatile char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n] != '\0')
		n++;
	return n;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	const volatile char *vs = (const volatile char *)src;
	size_t n = 0, prev = 0, i;
	int same = 0, rounds = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (rounds < 4 || same < 1) {
		n = measure(vs, count);
		same = rounds && n == prev ? same + 1 : 0;
		prev = n;
		rounds++;
	}
	if (n == count)
		n = count - 1;
	for (i = 0; i < n; i++)
		dest[i] = vs[i];	/* the fifth read */
	dest[n] = '\0';
	return n == count - 1 && prev == count ? -E2BIG : (ssize_t)n;
}
