/* A wrapper around the C library's strncpy that terminates: the project's
 * header is missing; the C library does the copying. */
#include "proj.h"
#include <string.h>

char *proj_strncpy(char *dst, const char *src, size_t n)
{
	return strncpy(dst, src, n);
}
