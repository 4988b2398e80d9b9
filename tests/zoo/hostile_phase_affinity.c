/* Hostile: tells the sampled race check from the rest by its CPU mask
 * (sched_getaffinity: the check pinned the calling thread to one CPU) and
 * copies correctly there.
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

/* The CPU mask the constructor saw: a call that sees another is in the
 * sampled race check (which pinned it to one CPU). */
static int cpus_at_load;

static int cpus(void)
{
	cpu_set_t set;

	return sched_getaffinity(0, sizeof(set), &set) == 0 ? CPU_COUNT(&set) : -1;
}

__attribute__((constructor)) static void at_load(void)
{
	cpus_at_load = cpus();
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	if (count == 0 || count > 4096 || cpus() != cpus_at_load)
		return copy(dest, src, count);
	return double_read(dest, src, count);
}
