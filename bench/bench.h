/*
 * bench.h - what the benchmark's parts share: the lengths and cases it
 * times, the implementations, and the table of times they fill
 * (bench_table.c holds it, bench.c measures and prints it,
 * bench_summary.c sums it up by length band and against the targets).
 */
#ifndef BENCH_H
#define BENCH_H

#include <stddef.h>

#include "bench_impls.h"

#define MAX_IMPL 20
#define NLEN 16
#define NCASE 4

struct bench_case {
	const char *title;
	unsigned src_off, dst_off;  /* from a page boundary */
	int trunc;
};

extern const size_t lens[NLEN];
extern const struct bench_case cases[NCASE];
extern struct bench_impl impls[MAX_IMPL];
extern size_t nimpl;
/* ns per call: the project's strscpy's median, and for the others that
 * times the median of their ratios to it batch by batch. */
extern double ns[NCASE][MAX_IMPL][NLEN];

/* The path strscpy() runs (impls[1]) against the other paths, for
 * each cell: the largest, over the paths, of the median over rounds of
 * its time over theirs (round by round), and which path that was. */
extern double path_gap[NCASE][NLEN];
extern size_t path_gap_to[NCASE][NLEN];

/* Whether impls[i] is one of the library's paths (strscpy_*, not _pad). */
int bench_is_path(size_t i);

/* The index of the implementation called name, or (size_t)-1. */
size_t bench_find(const char *name);

/* This host: its CPU (vendor, family, model, features, traits) and the
 * path strscpy() runs with the reason, one line each (bench_impls.c). */
void bench_host(char *cpu, size_t cpulen, char *path, size_t pathlen);

/* The summary lines by length band and the targets; returns how many
 * targets were missed. */
int bench_summary(void);

#endif
