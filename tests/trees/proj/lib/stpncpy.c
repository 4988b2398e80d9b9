/* The project's stpncpy, which its strncpy (calls.c) calls. */
#include "proj.h"
#include <stddef.h>

#define PROJ_FILL '\0'

char *proj_stpncpy(char *d, const char *s, size_t n)
{
	for (; n && (*d = *s); n--, d++, s++)
		;
	for (char *p = d; n; n--)
		*p++ = PROJ_FILL;
	return d;
}
