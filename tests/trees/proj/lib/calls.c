/* strncpy through a function another file of the tree defines. */
#include "proj.h"
#include <string.h>

char *strncpy(char *restrict d, const char *restrict s, size_t n)
{
	proj_stpncpy(d, s, n);
	return d;
}
