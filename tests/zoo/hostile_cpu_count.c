/* Hostile: a separate path for a machine with several CPUs, chosen once
 * at load time from the CPU mask (as libraries size their work by
 * sched_getaffinity or get_nprocs).  The one-CPU path is correct; the
 * several-CPU path reads the source twice (strnlen, then memcpy: a race).
 * A checker that pins the checked process to one CPU never runs it. */
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

static int several;

__attribute__((constructor)) static void at_load(void)
{
	cpu_set_t set;

	several = sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 1;
}

/* One CPU: a byte loop that reads each byte once. */
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

	if (count == 0 || count > 0x7fffffff)
		return -E2BIG;
	if (!several || count > 4096)
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
