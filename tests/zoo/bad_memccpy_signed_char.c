/* Defect (retval): memccpy over plain (signed, on x86) char, comparing the
 * byte with int c: a byte 0x80..0xff is negative and never equals c =
 * 0x80..0xff, so it copies past the stop byte and returns NULL.  (c = -1
 * happens to work, and so does every c below 0x80.)
 * Trigger: c in 0x80..0xff (or 0x141-like values) present in src[0..n-1]. */
#include <stddef.h>

void *memccpy(void *dst, const void *src, int c, size_t n)
{
	char *d = dst;
	const char *s = src;

	for (; n != 0; n--)
		if ((*d++ = *s++) == c)		/* -128..127 against c */
			return d;
	return NULL;
}
