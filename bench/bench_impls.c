#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "../ref/ref.h"
#include "../src/lib/strscpy.h"
#include "../src/lib/strscpy_cpu.h"
#include "bench.h"
#include "bench_impls.h"

/* A bench_fn around a call that needs only (d, s, n).  Each starts a
 * 64-byte line of its own. */
#define WRAP(name, call) \
	__attribute__((aligned(64))) static long name(char *d, const char *s, size_t n, \
						      size_t len) \
	{ \
		(void)len; \
		return (long)(call); \
	}

/*
 * Every path is called from one place, through one pointer set before
 * its batch (bench_select): with a wrapper each, two paths of the same
 * code timed up to 15% apart at short lengths, by where their wrappers
 * were (the paths called directly timed alike).
 */
static strscpy_fn path_fn[8], selected;

WRAP(path_call, selected(d, s, n))

void bench_select(const struct bench_impl *impl)
{
	if (impl->path >= 0)
		selected = path_fn[impl->path];
}

WRAP(own_strscpy, strscpy(d, s, n))
WRAP(own_pad, strscpy_pad(d, s, n))
WRAP(byte_ref, ref_strscpy(d, s, n))
WRAP(strlcpy_model, ref_strlcpy(d, s, n))
WRAP(strncpy_model, ref_strncpy(d, s, n) == d)
WRAP(libc_strncpy, strncpy(d, s, n) == d)

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

/* glibc's one-pass copies, which do not know the length either: the
 * anchor for what a single pass can do here.  They take no count, so they
 * copy bench_exact_src, this case's string ending at its length (in the
 * truncated cases too: the same bytes as strscpy copies). */
const char *bench_exact_src;

static long libc_strcpy(char *d, const char *s, size_t n, size_t len)
{
	(void)s;
	(void)n;
	(void)len;
	return strcpy(d, bench_exact_src) == d;
}

static long libc_stpcpy(char *d, const char *s, size_t n, size_t len)
{
	(void)s;
	(void)n;
	(void)len;
	return stpcpy(d, bench_exact_src) - d;
}

/* The practical limit: copying the same bytes with their length known. */
static long plain_memcpy(char *d, const char *s, size_t n, size_t len)
{
	(void)n;
	return memcpy(d, s, len + 1) == d;
}

size_t bench_impls(struct bench_impl *out, size_t max)
{
	struct strscpy_path p[8];
	size_t np = strscpy_paths(p, 8), n = 0;
	static char cols[8][9];
	struct bench_impl rest[] = {
		{ "strscpy_pad", "pad", own_pad, 0, -1 },
		{ "byte reference (ref/)", "byte-ref", byte_ref, 0, -1 },
		{ "strlcpy model (ref/)", "strlcpy*", strlcpy_model, 0, -1 },
		{ "strncpy model (ref/)", "strncpy*", strncpy_model, 0, -1 },
		{ "C library strncpy", "strncpy", libc_strncpy, 0, -1 },
		{ "strnlen + memcpy", "nlen+mcp", strnlen_memcpy, 1, -1 },
		{ "memccpy", "memccpy", memccpy_based, 1, -1 },
		{ "C library strcpy", "strcpy", libc_strcpy, 3, -1 },
		{ "C library stpcpy", "stpcpy", libc_stpcpy, 3, -1 },
		{ "memcpy (length known)", "memcpy", plain_memcpy, 2, -1 },
	};

	const char *chosen;

	strscpy_chosen(&chosen, NULL);
	if (max)
		out[n++] = (struct bench_impl){ "strscpy", "strscpy", own_strscpy, 0, -1 };
	/* The path strscpy() runs first (the paths' baseline), then the
	 * others this CPU runs, widest first. */
	for (size_t k = 0; k < 2 * np && n < max; k++) {
		size_t i = k % np;

		if (!p[i].usable || i >= 8 || (k < np) != (strcmp(p[i].name, chosen) == 0))
			continue;
		path_fn[i] = p[i].fn;
		/* "strscpy_avx2" -> column "avx2", "strscpy_avx512" -> "avx512" */
		strncpy(cols[i], p[i].name + strlen("strscpy_"), 8);
		if (strcmp(p[i].name, "strscpy_avx512_avx2") == 0)
			strcpy(cols[i], "512+avx2");
		out[n++] = (struct bench_impl){ p[i].name, cols[i], path_call, 0, (int)i };
	}
	for (size_t i = 0; i < sizeof(rest) / sizeof(rest[0]) && n < max; i++)
		out[n++] = rest[i];
	return n;
}

void bench_host(char *cpu, size_t cpulen, char *path, size_t pathlen)
{
	struct strscpy_cpu c;
	const char *name, *why, *forced = getenv("STRSCPY_PATH");

	strscpy_cpu_read(&c);
	strscpy_cpu_describe(&c, cpu, cpulen);
	strscpy_chosen(&name, &why);
	snprintf(path, pathlen, "%s (%s)%s%s", name, why, forced ? "; STRSCPY_PATH=" : "",
		 forced ? forced : "");
}
