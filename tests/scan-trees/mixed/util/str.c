/* Helpers of a project: a static copy using a static helper and a macro
 * of the same file, and a wrapper around the C library's strncpy. */
#include <string.h>

#define MIN_OF(a, b) ((a) < (b) ? (a) : (b))

static size_t span_of(const char *s)
{
	return strlen(s);
}

static size_t proj_strlcpy(char *dst, const char *src, size_t n)
{
	size_t len = span_of(src);

	if (n) {
		size_t k = MIN_OF(len, n - 1);

		memcpy(dst, src, k);
		dst[k] = 0;
	}
	return len;
}

char *x_strncpy(char *dst, const char *src, size_t n)
{
	return strncpy(dst, src, n);
}

/* Keeps proj_strlcpy used. */
size_t proj_name(char *buf, size_t n)
{
	return proj_strlcpy(buf, "proj", n);
}

/* Not definitions: size_t fake_strlcpy(char *d, const char *s, size_t n) { }
 * in a comment, and one in a string. */
const char *proj_doc = "size_t str_strlcpy(char *d, const char *s, size_t n) { return 0; }";
