/*
 * bad_relatives.c - one planted defect per relative, for
 * tests/suite-36-relatives.sh (the realistic ones live in tests/zoo/):
 *   my_strlcat:  strlen(dst) with no bound (overread of dest past size)
 *   my_strncat:  tests src[i] before i < n (overread of src[n])
 *   my_stpncpy:  returns dst + n - 1 when it wrote no NUL (retval)
 *   my_memccpy:  compares the int c with the byte unconverted (0x141 never
 *                matches: reads past the c it should stop at, overread)
 * The symbols' names say their API (strcheck infers --api from them).
 */
#include <stddef.h>
#include <string.h>

size_t my_strlcat(char *dst, const char *src, size_t size)
{
	size_t dlen = strlen(dst), slen = strlen(src), n;

	if (dlen >= size)
		return size + slen;
	n = slen < size - dlen - 1 ? slen : size - dlen - 1;
	memcpy(dst + dlen, src, n);
	dst[dlen + n] = 0;
	return dlen + slen;
}

char *my_strncat(char *dst, const char *src, size_t n)
{
	char *d = dst + strlen(dst);
	size_t i = 0;

	while (src[i] && i < n) {
		d[i] = src[i];
		i++;
	}
	d[i] = 0;
	return dst;
}

char *my_stpncpy(char *dst, const char *src, size_t n)
{
	size_t i = 0, end;

	for (; i < n && src[i]; i++)
		dst[i] = src[i];
	end = i;
	for (; i < n; i++)
		dst[i] = 0;
	return end == n && n ? dst + n - 1 : dst + end;
}

void *my_memccpy(void *dst, const void *src, int c, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	for (size_t i = 0; i < n; i++) {
		d[i] = s[i];
		if (s[i] == c)
			return d + i + 1;
	}
	return NULL;
}
