/* Defect (content): strncat that keeps its count in an int, as code
 * that passes lengths around as int does.  Counts up to INT_MAX work; a
 * huge n (strncat(dst, src, SIZE_MAX) is a common way to say "no limit")
 * becomes -1 or a small number, so fewer bytes than src's length (none at
 * all for a negative int) are appended: a NUL where a byte of src belongs.
 * Trigger: n >= 2^31 whose low 32 bits, as an int, are below strlen(src). */
#include <stddef.h>

char *strncat(char *dst, const char *src, size_t n)
{
	char *d = dst;
	int left = (int)n;			/* the defect: n cut to int */

	while (*d != '\0')
		d++;
	while (left-- > 0 && *src != '\0')
		*d++ = *src++;
	*d = '\0';
	return dst;
}
