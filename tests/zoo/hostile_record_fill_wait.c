/* Hostile: fills the memory it shares with strcheck's supervisor with 0xff
 * (counts, flags, progress: garbage and negative numbers), then spins a
 * while inside the call, the first time, so that the supervisor sees the
 * overwritten progress record before the child's own check after the call.
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


ssize_t strscpy(char *dest, const char *src, size_t count)
{
	static int spun;

	if (count > 1 && count < 4096 && src[0] == 'A') {
		for (int i = 0; i < nshared; i++)
			memset((void *)shared[i].lo, 0xff, shared[i].hi - shared[i].lo);
		/* About 0.1 s, once: the supervisor looks every 10 ms. */
		for (volatile unsigned long n = 0; !spun && n < 100000000; n++)
			;
		spun = 1;
	}
	return copy(dest, src, count);
}
