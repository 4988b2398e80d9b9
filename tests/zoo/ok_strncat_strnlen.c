/* Correct: strncat as the C library's generic one is built, from strlen,
 * strnlen and memcpy (the C library's).  strnlen(src, n) never looks past
 * src[n-1] (glibc's loads aligned vectors, which never cross a page), and
 * the NUL goes in before the bytes: the same final image. */
#include <string.h>

char *strncat(char *dst, const char *src, size_t n)
{
	size_t dlen = strlen(dst), k = strnlen(src, n);

	dst[dlen + k] = '\0';
	memcpy(dst + dlen, src, k);
	return dst;
}
