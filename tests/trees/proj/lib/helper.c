/* A copy that needs a static helper, a macro and a type of its own file,
 * and includes a header the tree does not have. */
#include "proj_internal.h"
#include <string.h>

#define PROJ_MIN(a, b) ((a) < (b) ? (a) : (b))

typedef unsigned long proj_len_t;

static void copy_bytes(char *dst, const char *src, proj_len_t n)
{
	while (n--)
		*dst++ = *src++;
}

static int unused_helper(void)
{
	return proj_internal_state();
}

size_t strlcpy(char *dst, const char *src, size_t size)
{
	proj_len_t len = strlen(src);

	if (size) {
		proj_len_t n = PROJ_MIN(len, size - 1);

		copy_bytes(dst, src, n);
		dst[n] = 0;
	}
	return len;
}
