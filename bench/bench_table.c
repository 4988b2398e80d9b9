/*
 * bench_table.c - the benchmark's table: the lengths and cases it times,
 * the implementations, and the times bench.c fills in and
 * bench_summary.c sums up (both use this; neither uses the other's data).
 */
#include <string.h>

#include "bench.h"

const size_t lens[NLEN] = { 0, 1, 7, 8, 15, 16, 31, 32, 63, 64, 255, 256, 1024, 4096, 16384,
			    65536 };

const struct bench_case cases[NCASE] = {
	{ "aligned, fits", 0, 0, 0 },
	{ "aligned, truncated", 0, 0, 1 },
	{ "misaligned (src+13, dest+5), fits", 13, 5, 0 },
	{ "misaligned (src+13, dest+5), truncated", 13, 5, 1 },
};

struct bench_impl impls[MAX_IMPL];
size_t nimpl;
double ns[NCASE][MAX_IMPL][NLEN];
double path_gap[NCASE][NLEN];
size_t path_gap_to[NCASE][NLEN];

size_t bench_find(const char *name)
{
	for (size_t i = 0; i < nimpl; i++)
		if (strcmp(impls[i].name, name) == 0)
			return i;
	return (size_t)-1;
}

int bench_is_path(size_t i)
{
	return strncmp(impls[i].name, "strscpy_", 8) == 0 && strcmp(impls[i].name, "strscpy_pad") != 0;
}
