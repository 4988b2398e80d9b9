#include "ref.h"

char *ref_stpncpy(char *dst, const char *src, size_t n)
{
	size_t i = 0, end;

	for (; i < n && src[i] != '\0'; i++)
		dst[i] = src[i];
	end = i;
	for (; i < n; i++)
		dst[i] = '\0';
	return dst + end;
}
