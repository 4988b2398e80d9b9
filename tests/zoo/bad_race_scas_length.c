/* Defect (race, length-agrees): the length measured by repne scasb
 * (bounded by count), then the copy made by rep movsb from the source
 * again, trusting that length.  A source byte that becomes a NUL between
 * the scan and the copy leaves a dest whose first NUL is before the
 * returned length (or before dest[count - 1] on truncation).  Every
 * access is a string instruction: the tracer performs scas and movs
 * element by element, each read recorded and flipped as any load. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	const char *p = src;
	size_t left = count, n;
	char *d = dest;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	__asm__ volatile("repne scasb" : "+D"(p), "+c"(left) : "a"(0), "m"(*(const char (*)[count])src) : "cc");
	n = p[-1] == '\0' ? (size_t)(p - 1 - src) : count;
	if (n < count) {
		size_t len = n + 1;

		p = src;
		__asm__ volatile("rep movsb" : "+D"(d), "+S"(p), "+c"(len) : : "memory");
		return (ssize_t)n;
	}
	p = src;
	left = count - 1;
	__asm__ volatile("rep movsb" : "+D"(d), "+S"(p), "+c"(left) : : "memory");
	dest[count - 1] = '\0';
	return -E2BIG;
}
