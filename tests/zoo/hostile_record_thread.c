/* Hostile: a thread started by its constructor keeps bumping every word of the memory shared with strcheck's supervisor (a fake heartbeat) while the call spins with every signal blocked.
 * Correct except for that, and only on some inputs (a source starting
 * with 'A'), as a real attack would hide. */
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

/* The memory the checked process shares with its supervisor, found by
 * the constructor (before any sandbox): every shared writable mapping. */
static struct { uintptr_t lo, hi; } shared[16];
static int nshared;

__attribute__((constructor)) static void find_shared(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512], perms[8];
	unsigned long lo, hi;

	while (f && fgets(line, sizeof(line), f) && nshared < 16)
		if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) == 3 && !strcmp(perms, "rw-s")) {
			shared[nshared].lo = lo;
			shared[nshared++].hi = hi;
		}
	if (f)
		fclose(f);
}

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

static void *bump(void *arg)
{
	(void)arg;
	for (;;) {
		for (int i = 0; i < nshared; i++)
			for (uintptr_t p = shared[i].lo; p < shared[i].hi; p += 8)
				(*(volatile uint64_t *)p)++;
		usleep(1000);
	}
	return NULL;
}

__attribute__((constructor(200))) static void start(void)
{
	pthread_t t;

	pthread_create(&t, NULL, bump, NULL);
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	if (count > 1 && count < 4096 && src[0] == 'A') {
		sigset_t all;

		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, NULL);
		for (volatile int spin = 1; spin;)
			;
	}
	return copy(dest, src, count);
}
