/*
 * bench.c - `make bench`: the project's strscpy (every path this CPU runs)
 * against the references, the models and the C library, side by side.
 *
 * For each case (aligned or misaligned, string fits or is truncated) and
 * each length, every implementation runs batches of calls on the same
 * buffers, interleaved: one batch each, in an order that rotates, for
 * ROUNDS rounds in each of PASSES passes over all the cells.  A neighbour
 * that slows the machine slows every implementation alike, so the table
 * shows the median over rounds of each one's time over the project's
 * strscpy's in the same round (absolute times drift).
 *
 *   bench [-t ROUNDS] [-p PASSES] [-b BATCH_US] [-o PLOT.svg] [-q] [-l]
 *     -t   rounds per cell and pass (default 31)  -p  passes (default 9)
 *     -b   batch length (default 100 us)
 *     -o   the SVG plot (default build/bench/bench.svg)
 *     -q   quick: one pass of 5 rounds of 20 us (a smoke test)
 *     -l   also the vector paths' bare loops (bench_loops.c): where the time goes
 */
#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "bench_impls.h"
#include "bench_loops.h"
#include "bench_svg.h"

/* Rounds per cell, over all passes. */
#define MAX_ROUNDS 1001
#define SLACK 64  /* fit: the buffer's room beyond the string; trunc: the source's */
/*
 * dest starts this far into its page, the source at the page's start (plus
 * each case's offsets).  With both page-aligned, a call's loads met the
 * last call's stores at the same place modulo 4096 ("4K aliasing"): the
 * CPU took them for dependent now and then, and a cell's times jumped by
 * up to 2x for every implementation, more for some than for others.
 */
#define DST_SKEW 2048

static volatile long sink;

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double batch(bench_fn fn, char *d, const char *s, size_t count, size_t len, long iters)
{
	long acc = 0;
	double t = now_ns();

	for (long i = 0; i < iters; i++)
		acc += fn(d, s, count, len);
	t = now_ns() - t;
	sink += acc;
	return t / (double)iters;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Every batch's time: [case][length][implementation][round of all passes]. */
static double smp[NCASE][NLEN][MAX_IMPL][MAX_ROUNDS];
static int nsmp[NCASE][NLEN];

/* One pass over a cell: trials rounds, each one batch of every
 * implementation in an order that rotates. */
static void measure(size_t c, size_t j, char *srcbuf, char *exactbuf, char *dstbuf, int trials,
		    double batch_ns)
{
	const struct bench_case *bc = &cases[c];
	size_t len = lens[j], count = bc->trunc ? len + 1 : len + 1 + SLACK;
	size_t srclen = bc->trunc ? len + SLACK : len;
	char *s = srcbuf + bc->src_off, *d = dstbuf + bc->dst_off, *x = exactbuf + bc->src_off;
	long iters[MAX_IMPL];

	for (size_t k = 0; k < srclen; k++)
		s[k] = (char)(' ' + 1 + k % 94);
	s[srclen] = 0;
	/* The string of this length alone, at the same offset, for the copies
	 * that do not take count (strcpy, stpcpy): the same bytes copied. */
	memcpy(x, s, len);
	x[len] = 0;
	bench_exact_src = x;
	for (size_t i = 0; i < nimpl; i++) {
		double one;

		bench_select(&impls[i]);
		one = batch(impls[i].fn, d, s, count, len, 8);

		one = one > 1 ? one : 1;
		iters[i] = (long)(batch_ns / one) + 1;
	}
	for (int r = 0; r < trials && nsmp[c][j] < MAX_ROUNDS; r++, nsmp[c][j]++)
		for (size_t k = 0; k < nimpl; k++) {
			size_t i = (k + (size_t)r) % nimpl;

			bench_select(&impls[i]);
			smp[c][j][i][nsmp[c][j]] = batch(impls[i].fn, d, s, count, len, iters[i]);
		}
}

/* The median over a cell's rounds of time(a) / time(b), each round's
 * batches measured side by side (a = b: a's median time). */
static double median_ratio(size_t c, size_t j, size_t a, size_t b)
{
	static double v[MAX_ROUNDS];
	int n = nsmp[c][j];

	for (int r = 0; r < n; r++)
		v[r] = a == b ? smp[c][j][a][r] : smp[c][j][a][r] / smp[c][j][b][r];
	qsort(v, (size_t)n, sizeof(double), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The table from the samples; and the path strscpy() runs (impls[1]:
 * bench_impls puts it first) against every other path, round by round. */
static void tabulate(size_t chosen)
{
	for (size_t c = 0; c < NCASE; c++)
		for (size_t j = 0; j < NLEN; j++) {
			ns[c][0][j] = median_ratio(c, j, 0, 0);
			for (size_t i = 1; i < nimpl; i++)
				ns[c][i][j] = median_ratio(c, j, i, 0) * ns[c][0][j];
			path_gap[c][j] = 0;
			for (size_t i = 1; i < nimpl; i++) {
				double g;

				if (!bench_is_path(i) || i == chosen)
					continue;
				g = median_ratio(c, j, chosen, i);
				if (g > path_gap[c][j]) {
					path_gap[c][j] = g;
					path_gap_to[c][j] = i;
				}
			}
		}
}

static void print_case(size_t c)
{
	const struct bench_case *bc = &cases[c];

	printf("\n== %s (count = %s)\n%7s %10s |", bc->title,
	       bc->trunc ? "length + 1, source 64 bytes longer" : "length + 65", "length",
	       "strscpy ns");
	for (size_t i = 1; i < nimpl; i++)
		printf(" %8s", impls[i].col);
	printf("\n");
	for (size_t j = 0; j < NLEN; j++) {
		printf("%7zu %10.1f |", lens[j], ns[c][0][j]);
		for (size_t i = 1; i < nimpl; i++)
			printf(" %8.2f", ns[c][i][j] / ns[c][0][j]);
		printf("\n");
	}
}

static void loadavg(char *buf, size_t n)
{
	FILE *fp = fopen("/proc/loadavg", "r");

	if (!fp || !fgets(buf, (int)n, fp))
		snprintf(buf, n, "unknown");
	buf[strcspn(buf, " ")] = 0;
	if (fp)
		fclose(fp);
}

static int plot(const char *path, int trials, const char *load0, const char *load1,
		const char *cpu)
{
	static double g[2][MAX_IMPL * NLEN];
	const char *names[MAX_IMPL];
	int dashed[MAX_IMPL];
	struct svg_panel panels[2] = { { cases[0].title, g[0] }, { cases[3].title, g[1] } };
	char sub[384];
	FILE *fp = fopen(path, "w");
	int rc;

	if (!fp) {
		fprintf(stderr, "bench: %s: %s\n", path, strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < nimpl; i++) {
		names[i] = impls[i].name;
		dashed[i] = impls[i].style == 3 ? 2 : impls[i].style;
		for (size_t j = 0; j < NLEN; j++) {
			g[0][i * NLEN + j] = (double)(lens[j] + 1) / ns[0][i][j];
			g[1][i * NLEN + j] = (double)(lens[j] + 1) / ns[3][i][j];
		}
	}
	snprintf(sub, sizeof(sub), "make bench: median of %d interleaved batches per point, "
		 "%.*s, %ld cores, load average %s at start, %s at end", trials,
		 (int)strcspn(cpu, ";"), cpu, sysconf(_SC_NPROCESSORS_ONLN), load0, load1);
	rc = svg_plot(fp, "strscpy and its relatives: throughput by string length", sub, panels, 2,
		      lens, NLEN, names, dashed, nimpl);
	if (fclose(fp) != 0 || rc != 0) {
		fprintf(stderr, "bench: %s: write error\n", path);
		return -1;
	}
	printf("plot: %s\n", path);
	return 0;
}

int main(int argc, char **argv)
{
	int trials = 31, passes = 9, opt, loops = 0;
	double batch_us = 100;
	const char *svg = "build/bench/bench.svg";
	char load0[32], load1[32], cpu[256], path[320];
	char *srcbuf, *exactbuf, *dstbuf;

	while ((opt = getopt(argc, argv, "t:p:b:o:ql")) != -1) {
		if (opt == 't')
			trials = atoi(optarg);
		else if (opt == 'p')
			passes = atoi(optarg);
		else if (opt == 'b')
			batch_us = atof(optarg);
		else if (opt == 'o')
			svg = optarg;
		else if (opt == 'q')
			trials = 5, passes = 1, batch_us = 20;
		else if (opt == 'l')
			loops = 1;
		else
			return 2;
	}
	if (trials < 1 || passes < 1 || (long)trials * passes > MAX_ROUNDS || !(batch_us > 0)) {
		fprintf(stderr, "bench: -t ROUNDS times -p PASSES takes 1..%d, -b a positive time "
			"in us\n", MAX_ROUNDS);
		return 2;
	}
	srcbuf = aligned_alloc(4096, 65536 + 8192);
	exactbuf = aligned_alloc(4096, 65536 + 8192);
	dstbuf = aligned_alloc(4096, 65536 + 8192 + DST_SKEW);
	if (!srcbuf || !exactbuf || !dstbuf)
		return 2;
	memset(dstbuf, 'x', 65536 + 8192 + DST_SKEW);
	dstbuf += DST_SKEW;
	nimpl = bench_impls(impls, MAX_IMPL);
	if (loops)
		nimpl += bench_loops(impls + nimpl, MAX_IMPL - nimpl);
	loadavg(load0, sizeof(load0));
	/* A first cell measured cold (clock ramping up, first calls) came
	 * out up to 1.3x off: one round of it first, thrown away. */
	measure(0, 0, srcbuf, exactbuf, dstbuf, trials, batch_us * 1000);
	nsmp[0][0] = 0;
	/* Passes over all the cells rather than all of a cell's rounds at
	 * once: the machine's spells (a neighbour, a state of the CPU that
	 * favours one implementation) last seconds, and a cell measured
	 * within one came out up to 20% off for some implementations only. */
	for (int p = 0; p < passes; p++)
		for (size_t j = 0; j < NLEN; j++)
			for (size_t c = 0; c < NCASE; c++)
				measure(c, j, srcbuf, exactbuf, dstbuf, trials, batch_us * 1000);
	tabulate(1);
	loadavg(load1, sizeof(load1));
	bench_host(cpu, sizeof(cpu), path, sizeof(path));
	printf("Host: %s\nstrscpy() runs %s\n", cpu, path);
	printf("Time per call relative to the project's strscpy (2.00 = twice as slow, 0.50 = "
	       "twice as fast);\nmedian of %d interleaved batches "
	       "(%d passes of %d) of ~%.0f us; %ld cores, load average %s at start, %s at end.\n",
	       trials * passes, passes, trials, batch_us,
	       sysconf(_SC_NPROCESSORS_ONLN), load0, load1);
	for (size_t c = 0; c < NCASE; c++)
		print_case(c);
	printf("\nColumns: ");
	for (size_t i = 1; i < nimpl; i++)
		printf("%s%s = %s%s", i > 1 ? ", " : "", impls[i].col, impls[i].name,
		       impls[i].style == 1   ? " (reads the source twice: not race-robust)"
		       : impls[i].style == 3 ? " (one pass, no count: the string ends at its length)"
					     : "");
	printf(".\n");
	bench_summary();
	return plot(svg, trials * passes, load0, load1, cpu) ? 1 : 0;
}
