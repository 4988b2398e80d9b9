/*
 * bench_summary.c - the benchmark's last lines: strscpy's time against
 * memcpy (the limit), glibc's one-pass strcpy and stpcpy (the anchor: they
 * do not know the length either), strnlen + memcpy and its own fastest
 * path, by length band, as ratios measured in the same run; then the
 * targets (docs/speed.md), each met or MISSED.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"

/* Stands for "the fastest path of this cell" where an index is taken. */
#define BEST ((size_t)-2)

struct band {
	const char *name;
	size_t lo, hi;
};

static const struct band bands[] = {
	{ "0..64", 0, 64 },
	{ "255..1024", 65, 1024 },
	{ "4K..64K", 1025, SIZE_MAX },
};

static double time_of(size_t c, size_t i, size_t j)
{
	double best = 0;

	if (i != BEST)
		return ns[c][i][j];
	for (size_t k = 0; k < nimpl; k++)
		if (bench_is_path(k) && (best == 0 || ns[c][k][j] < best))
			best = ns[c][k][j];
	return best;
}

/* time(a) / time(b) over the cells of lengths lo..hi in every case: the
 * geometric mean, and the worst (largest) with its cell. */
struct spread {
	double mean, worst;
	size_t wc, wj;
};

static struct spread spread(size_t a, size_t b, size_t lo, size_t hi)
{
	struct spread s = { 0, 0, 0, 0 };
	double logsum = 0;
	int n = 0;

	for (size_t c = 0; c < NCASE; c++)
		for (size_t j = 0; j < NLEN; j++) {
			double r;

			if (lens[j] < lo || lens[j] > hi)
				continue;
			r = time_of(c, a, j) / time_of(c, b, j);
			logsum += log(r);
			n++;
			if (r > s.worst) {
				s.worst = r;
				s.wc = c;
				s.wj = j;
			}
		}
	s.mean = n ? exp(logsum / n) : 0;
	return s;
}

static void target(const char *what, size_t a, size_t b, size_t lo, size_t hi, double limit,
		   int *missed)
{
	struct spread s;

	if (a == (size_t)-1 || b == (size_t)-1)
		return;
	s = spread(a, b, lo, hi);
	printf("  %-56s worst %.2f (%s, length %zu): %s\n", what, s.worst, cases[s.wc].title,
	       lens[s.wj], s.worst <= limit ? "met" : "MISSED");
	*missed += s.worst > limit;
}

/* The dispatcher's choice against every other path, each called as the
 * others are (one indirect call; strscpy() itself adds one more), round
 * by round: the worst cell, and the path it lost to there. */
static void gap_target(int *missed)
{
	size_t wc = 0, wj = 0;

	for (size_t c = 0; c < NCASE; c++)
		for (size_t j = 0; j < NLEN; j++)
			if (path_gap[c][j] > path_gap[wc][wj])
				wc = c, wj = j;
	if (path_gap[wc][wj] == 0) {
		printf("  %-56s no other path on this CPU: met\n",
		       "strscpy's path vs the fastest path, every length (<= 1.05)");
		return;
	}
	printf("  %-56s worst %.2f (%s, length %zu, against %s): %s\n",
	       "strscpy's path vs the fastest path, every length (<= 1.05)", path_gap[wc][wj],
	       cases[wc].title, lens[wj], impls[path_gap_to[wc][wj]].name,
	       path_gap[wc][wj] <= 1.05 ? "met" : "MISSED");
	*missed += path_gap[wc][wj] > 1.05;
}

int bench_summary(void)
{
	const char *cols[] = { "memcpy", "strcpy", "stpcpy", "nlen+mcp", "fastest path" };
	size_t against[] = { bench_find("memcpy (length known)"), bench_find("C library strcpy"),
			     bench_find("C library stpcpy"), bench_find("strnlen + memcpy"), BEST };
	size_t own = 0, ncol = sizeof(against) / sizeof(against[0]), chosen = 1;
	int missed = 0;
	struct spread hop;

	printf("\nBy length band: strscpy's time over the other's, geometric mean over the band's\n"
	       "lengths in all four cases [worst cell] (1.25 = strscpy takes 1.25x as long):\n");
	printf("  %-10s", "band");
	for (size_t k = 0; k < ncol; k++)
		printf(" %-15s", cols[k]);
	printf("\n");
	for (size_t b = 0; b < sizeof(bands) / sizeof(bands[0]); b++) {
		printf("  %-10s", bands[b].name);
		for (size_t k = 0; k < ncol; k++) {
			struct spread s;

			if (against[k] == (size_t)-1) {
				printf(" %-15s", "-");
				continue;
			}
			s = spread(own, against[k], bands[b].lo, bands[b].hi);
			printf(" %5.2f [%5.2f]  ", s.mean, s.worst);
		}
		printf("\n");
	}
	hop = spread(own, chosen, 0, SIZE_MAX);
	printf("  strscpy() over %s called directly (the dispatcher's one more call): %.2f\n"
	       "  [%.2f, %s, length %zu]\n", impls[chosen].name, hop.mean, hop.worst,
	       cases[hop.wc].title, lens[hop.wj]);
	printf("\nTargets (over all four cases):\n");
	target("strscpy vs memcpy, 256 B to 64 KiB (<= 1.25)", own,
	       bench_find("memcpy (length known)"), 256, SIZE_MAX, 1.25, &missed);
	target("strscpy vs strnlen+memcpy, every length (<= 1.00)", own,
	       bench_find("strnlen + memcpy"), 0, SIZE_MAX, 1.0, &missed);
	gap_target(&missed);
	target("strscpy_word vs byte reference, from 256 (<= 0.25)", bench_find("strscpy_word"),
	       bench_find("byte reference (ref/)"), 256, SIZE_MAX, 0.25, &missed);
	return missed;
}
