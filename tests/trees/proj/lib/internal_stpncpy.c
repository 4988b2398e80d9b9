/* An implementation's internal name, and the public one as a weak alias
 * of it (the macro is in a header the tree does not have). */
#include "proj_libc.h"
#include <stddef.h>

char *__stpncpy(char *restrict d, const char *restrict s, size_t n)
{
	while (n && *s)
		*d++ = *s++, n--;
	for (size_t i = 0; i < n; i++)
		d[i] = 0;
	return d;
}
weak_alias(__stpncpy, stpncpy);
