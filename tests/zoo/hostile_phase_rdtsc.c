/* Hostile: tells the traced check from the rest by timing a read of the
 * source with the time-stamp counter (a traced access takes microseconds)
 * and copies correctly there.
 * Its real defect: the source read twice (strnlen, then memcpy: a race).
 * Correct except for that, and only where it believes no race check
 * watches, as a real attack would hide. */
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
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

/* The defect: the length first, then the copy, two reads of the source. */
static ssize_t double_read(char *dest, const char *src, size_t count)
{
	size_t len = strnlen(src, count);

	if (len == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = 0;
		return -E2BIG;
	}
	memcpy(dest, src, len + 1);
	return (ssize_t)len;
}

#include <x86intrin.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	volatile char first;
	uint64_t t0, t1;

	if (count == 0 || count > 4096)
		return copy(dest, src, count);
	/* A traced read takes microseconds: thousands of cycles. */
	t0 = __rdtsc();
	first = src[0];
	t1 = __rdtsc();
	(void)first;
	if (t1 - t0 > 4000)
		return copy(dest, src, count);
	return double_read(dest, src, count);
}
