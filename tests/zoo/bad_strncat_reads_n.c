/* Defect (overread): strncat that tests the source byte before the count,
 * so when src has no NUL in its first n bytes it reads src[n], one byte
 * past what the caller vouched for (C: "src need not be terminated").
 * Appends and returns the right thing.
 * Trigger: src with no NUL in src[0..n-1], ending at a guard page. */
#include <stddef.h>

char *strncat(char *dst, const char *src, size_t n)
{
	char *d = dst;
	size_t i;

	while (*d != '\0')
		d++;
	for (i = 0; src[i] != '\0' && i < n; i++)	/* reads src[n] */
		d[i] = src[i];
	d[i] = '\0';
	return dst;
}
