#include <errno.h>
#include <string.h>
#include <sys/types.h>

#include "../ref/ref.h"
#include "../src/lib/strscpy.h"
#include "../src/lib/strscpy_paths.h"
#include "bench_impls.h"

/* The paths are called through their table's pointer; one wrapper per
 * slot keeps every call the same shape (an indirect call of a bench_fn). */
static strscpy_fn path_fn[4];

#define PATH_WRAPPER(i) \
	static long path##i(char *d, const char *s, size_t n, size_t len) \
	{ \
		(void)len; \
		return (long)path_fn[i](d, s, n); \
	}
PATH_WRAPPER(0)
PATH_WRAPPER(1)
PATH_WRAPPER(2)
PATH_WRAPPER(3)
static const bench_fn path_wrappers[4] = { path0, path1, path2, path3 };

static long own_strscpy(char *d, const char *s, size_t n, size_t len)
{
	(void)len;
	return (long)strscpy(d, s, n);
}

static long own_pad(char *d, const char *s, size_t n, size_t len)
{
	(void)len;
	return (long)strscpy_pad(d, s, n);
}

static long byte_ref(char *d, const char *s, size_t n, size_t len)
{
	(void)len;
	return (long)ref_strscpy(d, s, n);
}

static long strlcpy_model(char *d, const char *s, size_t n, size_t len)
{
	(void)len;
	return (long)ref_strlcpy(d, s, n);
}

static long strncpy_model(char *d, const char *s, size_t n, size_t len)
{
	(void)len;
	return ref_strncpy(d, s, n) == d;
}

static long libc_strncpy(char *d, const char *s, size_t n, size_t len)
{
	(void)len;
	return strncpy(d, s, n) == d;
}

/* strscpy from two library calls: the source is read twice (a source
 * changing in between breaks the result), so not race-robust. */
static long strnlen_memcpy(char *d, const char *s, size_t n, size_t len)
{
	size_t l;

	(void)len;
	if (n == 0)
		return -E2BIG;
	l = strnlen(s, n);
	if (l == n) {
		memcpy(d, s, n - 1);
		d[n - 1] = 0;
		return -E2BIG;
	}
	memcpy(d, s, l + 1);
	return (long)l;
}

/* strscpy from memccpy (glibc: memchr, then memcpy: two reads). */
static long memccpy_based(char *d, const char *s, size_t n, size_t len)
{
	char *end;

	(void)len;
	if (n == 0)
		return -E2BIG;
	end = memccpy(d, s, 0, n);
	if (!end) {
		d[n - 1] = 0;
		return -E2BIG;
	}
	return end - d - 1;
}

/* The practical limit: copying the same bytes with their length known. */
static long plain_memcpy(char *d, const char *s, size_t n, size_t len)
{
	(void)n;
	return memcpy(d, s, len + 1) == d;
}

size_t bench_impls(struct bench_impl *out, size_t max)
{
	struct strscpy_path p[4];
	size_t np = strscpy_paths(p, 4), n = 0;
	static char cols[4][9];
	struct bench_impl rest[] = {
		{ "strscpy_pad", "pad", own_pad, 1 },
		{ "byte reference (ref/)", "byte-ref", byte_ref, 1 },
		{ "strlcpy model (ref/)", "strlcpy*", strlcpy_model, 1 },
		{ "strncpy model (ref/)", "strncpy*", strncpy_model, 1 },
		{ "C library strncpy", "strncpy", libc_strncpy, 1 },
		{ "strnlen + memcpy", "nlen+mcp", strnlen_memcpy, 0 },
		{ "memccpy", "memccpy", memccpy_based, 0 },
		{ "memcpy (length known)", "memcpy", plain_memcpy, 1 },
	};

	if (max)
		out[n++] = (struct bench_impl){ "strscpy", "strscpy", own_strscpy, 1 };
	for (size_t i = 0; i < np && i < 4 && n < max; i++) {
		if (!p[i].usable)
			continue;
		path_fn[i] = p[i].fn;
		/* "strscpy_avx2" -> column "avx2" */
		strncpy(cols[i], p[i].name + strlen("strscpy_"), 8);
		out[n++] = (struct bench_impl){ p[i].name, cols[i], path_wrappers[i], 1 };
	}
	for (size_t i = 0; i < sizeof(rest) / sizeof(rest[0]) && n < max; i++)
		out[n++] = rest[i];
	return n;
}
