#ifndef STRUTIL_H
#define STRUTIL_H
#include <stddef.h>

/* A copy in a header: static inline, as projects write them. */
static inline char *hdr_stpncpy(char *dst, const char *src, size_t n)
{
	size_t i = 0;

	for (; i < n && src[i]; i++)
		dst[i] = src[i];
	char *end = dst + i;
	for (; i < n; i++)
		dst[i] = 0;
	return end;
}

size_t strlcpy(char *dst, const char *src, size_t size);  /* a declaration: not found */
#endif
