/*
 * bench_svg.h - the benchmark's plot: throughput against string length,
 * both axes logarithmic, one line per implementation, one panel per case.
 */
#ifndef BENCH_SVG_H
#define BENCH_SVG_H

#include <stddef.h>
#include <stdio.h>

struct svg_panel {
	const char *title;
	const double *gbps;  /* [impl * nlen + len index]; <= 0: no point */
};

/* Write the plot to fp: npanel panels side by side, nimpl lines each at
 * the lengths lens[0..nlen-1] (lengths below 1 are left out: log axis),
 * names[i] in the legend, dashed[i] its style (0 solid, 1 dashed,
 * 2 dotted).  subtitle goes under the
 * title (machine, load).  Returns 0, or -1 on a write error. */
int svg_plot(FILE *fp, const char *title, const char *subtitle, const struct svg_panel *panels,
	     size_t npanel, const size_t *lens, size_t nlen, const char *const *names,
	     const int *dashed, size_t nimpl);

#endif
