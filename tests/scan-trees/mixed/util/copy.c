/* Home-grown copies whose names say no API. */
#include <errno.h>
#include <string.h>
#include <sys/types.h>

/* Behaves like strscpy: the length copied, or -E2BIG when cut. */
ssize_t copy_field(char *dst, const char *src, size_t n)
{
	size_t i;

	if (n == 0)
		return -E2BIG;
	for (i = 0; i < n; i++) {
		dst[i] = src[i];
		if (!src[i])
			return (ssize_t)i;
	}
	dst[n - 1] = 0;
	return -E2BIG;
}

/* Copies like strlcpy but returns a pointer to the NUL it wrote. */
char *cpystrn(char *dst, const char *src, size_t n)
{
	if (n == 0)
		return dst;
	while (--n) {
		*dst = *src;
		if (*dst == '\0')
			return dst;
		dst++;
		src++;
	}
	*dst = '\0';
	return dst;
}

/* A strncpy by name that returns nothing and always terminates. */
void safe_strncpy(char *dst, const char *src, size_t n)
{
	if (!n)
		return;
	strncpy(dst, src, n - 1);
	dst[n - 1] = 0;
}

/* Of a copy's shape, but a checksum: like none of the eight. */
unsigned sum_name(char *out, const char *name, size_t n)
{
	unsigned s = 0;

	for (size_t i = 0; i < n && name[i]; i++)
		s = s * 31 + (unsigned char)name[i];
	out[0] = (char)('a' + s % 26);
	return s;
}
