/* Correct: repne scasb as strlen, bounded by count (as hand-written
 * assembly does), picks the path, then a byte loop copies by its own
 * loads: lodsb and stosb for a string that fits, a C byte loop on
 * truncation.  The measured length is only a hint: each path finds the
 * NUL with its own loads and stores what those loads saw, so a source
 * that changes after the scan still gives a terminated dest and a
 * return value that agrees with it.  A tracer that single-steps scas
 * pays a debug trap per byte of every scan (20,000 for the plan's long
 * strings); it performs them as it does rep movs. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

/* The index of the first NUL in src[0..n-1], or n: repne scasb. */
static size_t scan(const char *src, size_t n)
{
	const char *p = src;
	size_t left = n;

	if (!n)
		return 0;
	__asm__ volatile("repne scasb" : "+D"(p), "+c"(left) : "a"(0), "m"(*(const char (*)[n])src) : "cc");
	/* p is one past the byte that stopped it: a NUL, or the last one. */
	return p[-1] == '\0' ? (size_t)(p - 1 - src) : n;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	const char *s = src;
	char *d = dest;
	size_t i;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	if (scan(src, count) < count) {
		/* Fits (so the scan says): lodsb; stosb up to its own NUL. */
		for (i = 0; i + 1 < count; i++) {
			unsigned char c;

			__asm__ volatile("lodsb\n\tstosb" : "=a"(c), "+S"(s), "+D"(d) : : "memory");
			if (c == 0)
				return (ssize_t)i;
		}
	} else {
		for (i = 0; i + 1 < count; i++) {
			char c = src[i];

			dest[i] = c;
			if (c == '\0')
				return (ssize_t)i;
		}
	}
	{
		char c = src[i];

		dest[i] = '\0';
		return c == '\0' ? (ssize_t)i : -E2BIG;
	}
}
