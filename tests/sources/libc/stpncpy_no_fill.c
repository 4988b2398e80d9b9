/* Defect (content): libc-style __stpncpy that stops at the NUL without
 * zero-filling the rest of the n bytes.  A strncpy calling it is
 * defective; glibc's __stpncpy is not, so a checker that let the dynamic
 * linker bind the call to glibc's would pass it. */
#include <stddef.h>

char *__stpncpy(char *restrict d, const char *restrict s, size_t n)
{
	for (; n && *s; n--)
		*d++ = *s++;
	if (n)
		*d = 0;		/* missing: zero-fill to n */
	return d;
}

extern __typeof(__stpncpy) stpncpy __attribute__((weak, alias("__stpncpy")));
