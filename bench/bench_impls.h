/*
 * bench_impls.h - what `make bench` times: every path of the project's
 * strscpy, its strscpy_pad, the references and models, and the C
 * library's ways of doing the same job, each behind one signature.
 */
#ifndef BENCH_IMPLS_H
#define BENCH_IMPLS_H

#include <stddef.h>

/* Copy into d (count bytes) from s; the return only feeds a sink.  len is
 * the string's length in this case (memcpy copies len + 1 bytes). */
typedef long (*bench_fn)(char *d, const char *s, size_t count, size_t len);

struct bench_impl {
	const char *name;   /* in the table, the plot's legend and the docs */
	const char *col;    /* column heading, at most 8 characters */
	bench_fn fn;
	int style;          /* 0: reads the source once (race-robust); 1: reads it
	                     * twice (dashed); 2: memcpy, the limit (dotted);
	                     * 3: no count (strcpy, stpcpy: the anchor, dotted) */
	int path;           /* a path of strscpy: its index in strscpy_paths(),
	                     * else -1 */
};

/* Before timing impl: a path's fn calls the path bench_select chose last. */
void bench_select(const struct bench_impl *impl);

/* strcpy's and stpcpy's source: the case's string ending at its length
 * (set by the benchmark before each case). */
extern const char *bench_exact_src;

/* Fill out (at most max): the project's strscpy first (the baseline of
 * every ratio), then the rest; returns how many. */
size_t bench_impls(struct bench_impl *out, size_t max);

#endif
