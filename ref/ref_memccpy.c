#include "ref.h"

void *ref_memccpy(void *dst, const void *src, int c, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	unsigned char uc = (unsigned char)c;

	for (size_t i = 0; i < n; i++) {
		d[i] = s[i];
		if (s[i] == uc)
			return d + i + 1;
	}
	return 0;
}
