/* Hostile, and a stated limit (docs/tamper.md, "Phases that look
 * alike"): tells the traced check from the rest by timing a read of the
 * source with the clock_gettime system call (real time, which strcheck
 * cannot fake), and copies correctly there.  suite-35 pins what this
 * does today: the traced check misses it.
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

#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	volatile char first;
	long long t0;

	if (count == 0 || count > 4096)
		return copy(dest, src, count);
	/* A traced read takes several microseconds; an untraced one with the
	 * system call around it, well under three. */
	t0 = now_ns();
	first = src[0];
	(void)first;
	if (now_ns() - t0 > 3000)
		return copy(dest, src, count);
	return double_read(dest, src, count);
}
