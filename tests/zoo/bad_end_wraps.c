/* Defect (retval): the loop runs up to an end address, src + count.  When
 * that sum passes the top of the address space it wraps to a small
 * address below src (count = SIZE_MAX, or 2^64 - src + 5), the loop stops
 * at once, and dest[0] gets the NUL with -E2BIG: a partial write.  (The
 * address arithmetic is done in uintptr_t, where it wraps as the hardware
 * does; in pointer arithmetic it would be undefined behaviour.) */
#include <errno.h>
#include <stdint.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	uintptr_t s = (uintptr_t)src, end = s + count;  /* the defect: may wrap */
	char *d = dest;

	if (count == 0)
		return -E2BIG;
	for (; s + 1 < end; s++, d++) {
		char c = *(const char *)s;

		*d = c;
		if (c == '\0')
			return (ssize_t)(s - (uintptr_t)src);
	}
	*d = '\0';
	return *(const char *)s == '\0' ? (ssize_t)(s - (uintptr_t)src) : -E2BIG;
}
