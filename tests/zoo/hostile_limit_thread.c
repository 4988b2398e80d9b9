/* Hostile, and a stated limit (docs/tamper.md, "Phases that look
 * alike"): times a read of the source with a counting thread of its own
 * (a thread that only increments a shared word, which strcheck cannot
 * slow down or fake), and copies correctly where the read took long (a
 * traced read faults: microseconds) or where it cannot tell (its thread
 * was not running).  suite-35 pins what this does today: the traced
 * check misses it.
 * Its real defect: the source read twice (strnlen, then memcpy: a race),
 * only where it is sure the read was fast. */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

static volatile uint64_t ticks;
static int counting;

static void *count(void *arg)
{
	(void)arg;
	for (;;)
		ticks++;
	return NULL;
}

__attribute__((constructor)) static void start(void)
{
	pthread_t th;

	counting = pthread_create(&th, NULL, count, NULL) == 0;
}

/* Spins until the counter moves past t: how many spins, at most max. */
static unsigned long until_moves(uint64_t t, unsigned long max)
{
	unsigned long k = 0;

	while (ticks == t && k < max)
		k++;
	return k;
}

/* 1 when the read of *p was fast, with the counter seen running around it. */
static int fast_read(const char *p)
{
	uint64_t c0, c1;

	if (!counting || until_moves(ticks, 1000000) >= 1000000)
		return 0;
	c0 = ticks;
	*(volatile const char *)p;
	c1 = ticks;
	return c1 - c0 < 200 && until_moves(c1, 1000) < 1000;
}

/* Where it is watched: a byte loop that reads each byte once. */
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
	if (count > 4096 || !fast_read(src))
		return copy(dest, src, count);
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = 0;
		return -E2BIG;
	}
	memcpy(dest, src, len + 1);
	return (ssize_t)len;
}
