/* Defect (race): a "careful" strscpy that measures the string until the
 * measure is stable: strnlen four times, starting over while two in a row
 * disagree, and then trusts the length for a memcpy.  Every byte is read
 * five times; a change before the fourth read is seen by a later measure
 * and harmless, but a change between the fourth read (the last strnlen)
 * and the fifth (the memcpy) is copied as it is now: a byte turned NUL is
 * copied into dest while the return says the string goes on.  Trigger: a
 * flip right after read 4 of a byte (a checker that keeps only the first
 * four reads of a byte never flips there). */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t n = 0, prev = 0;
	int same = 0, rounds = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (rounds < 4 || same < 1) {
		n = strnlen(src, count);
		same = rounds && n == prev ? same + 1 : 0;
		prev = n;
		rounds++;
	}
	if (n == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dest, src, n);
	dest[n] = '\0';
	return (ssize_t)n;
}
