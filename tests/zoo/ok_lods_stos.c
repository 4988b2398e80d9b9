/* Correct: a byte loop of string instructions without rep, lodsb then
 * stosb, as hand-written assembly copies do.  Each byte is read once and
 * stored once.  A tracer that single-steps what it does not perform pays
 * a debug trap per byte here; it performs these as it does rep movs. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	const char *s = src;
	char *d = dest;
	size_t i;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (i = 0; i + 1 < count; i++) {
		unsigned char c;

		__asm__ volatile("lodsb\n\tstosb" : "=a"(c), "+S"(s), "+D"(d) : : "memory");
		if (c == 0)
			return (ssize_t)i;
	}
	{
		char c = src[i];

		dest[i] = '\0';
		return c == '\0' ? (ssize_t)i : -E2BIG;
	}
}
