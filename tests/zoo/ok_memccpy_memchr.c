/* Correct, though it reads src twice: memccpy as glibc's generic one is
 * built, memchr to find c then memcpy up to it (the C library's; memchr
 * loads aligned vectors, which never cross a page).  Reading twice breaks
 * strscpy's race promise (tests/zoo/bad_race_memccpy.c), but memccpy's
 * contract makes none. */
#include <string.h>

void *memccpy(void *dst, const void *src, int c, size_t n)
{
	const unsigned char *p = memchr(src, c, n);

	if (p) {
		size_t k = (size_t)(p - (const unsigned char *)src) + 1;

		memcpy(dst, src, k);
		return (unsigned char *)dst + k;
	}
	memcpy(dst, src, n);
	return NULL;
}
