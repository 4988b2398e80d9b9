/* Correct: libc-style __stpncpy, copy up to the NUL, zero-fill to n,
 * return the end of what was copied; stpncpy is its public alias. */
#include <stddef.h>

char *__stpncpy(char *restrict d, const char *restrict s, size_t n)
{
	for (; n && *s; n--)
		*d++ = *s++;
	char *end = d;

	for (; n; n--)
		*d++ = 0;
	return end;
}

extern __typeof(__stpncpy) stpncpy __attribute__((weak, alias("__stpncpy")));
