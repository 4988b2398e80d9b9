#include <math.h>

#include "bench_svg.h"

#define PANEL_W 440.0
#define PANEL_H 340.0
#define LEFT 70.0     /* room for the y labels */
#define TOP 70.0      /* title and subtitle */
#define GAP 80.0      /* between panels */
#define LEGEND_W 270.0
#define BOTTOM 60.0   /* x labels */

static const char *const palette[] = {
	"#000000", "#1f77b4", "#2ca02c", "#17becf", "#9467bd", "#7f7f7f", "#8c564b",
	"#bcbd22", "#ff7f0e", "#d62728", "#e377c2", "#111111", "#aec7e8", "#98df8a",
};
#define NPALETTE (sizeof(palette) / sizeof(palette[0]))

/* Line styles: solid, dashed, dotted. */
static const char *const dash[] = { "", " stroke-dasharray='6,4'", " stroke-dasharray='2,3'" };

struct axes {
	double x0, y0;            /* panel's top-left corner */
	double lx_min, lx_max;    /* log10 of the x range */
	double ly_min, ly_max;    /* log10 of the y range */
};

static double px(const struct axes *a, double x)
{
	return a->x0 + (log10(x) - a->lx_min) / (a->lx_max - a->lx_min) * PANEL_W;
}

static double py(const struct axes *a, double y)
{
	return a->y0 + PANEL_H - (log10(y) - a->ly_min) / (a->ly_max - a->ly_min) * PANEL_H;
}

static void size_label(char *buf, size_t n, double v)
{
	if (v >= 1024)
		snprintf(buf, n, "%.0f KiB", v / 1024);
	else
		snprintf(buf, n, "%.0f", v);
}

static void frame(FILE *fp, const struct axes *a, const char *title)
{
	char lab[32];

	fprintf(fp, "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='#fff' "
		"stroke='#333'/>\n", a->x0, a->y0, PANEL_W, PANEL_H);
	fprintf(fp, "<text x='%.1f' y='%.1f' text-anchor='middle' font-size='15' "
		"font-weight='bold'>%s</text>\n", a->x0 + PANEL_W / 2, a->y0 - 10, title);
	for (double x = 1; x <= pow(10, a->lx_max) * 1.001; x *= 4) {
		double X = px(a, x);

		fprintf(fp, "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke='#ddd'/>\n", X,
			a->y0, X, a->y0 + PANEL_H);
		size_label(lab, sizeof(lab), x);
		fprintf(fp, "<text x='%.1f' y='%.1f' text-anchor='middle' font-size='11'>%s</text>\n",
			X, a->y0 + PANEL_H + 16, lab);
	}
	for (double e = a->ly_min; e <= a->ly_max + 1e-9; e++) {
		double Y = py(a, pow(10, e));

		fprintf(fp, "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke='#bbb'/>\n", a->x0,
			Y, a->x0 + PANEL_W, Y);
		fprintf(fp, "<text x='%.1f' y='%.1f' text-anchor='end' font-size='11'>%g</text>\n",
			a->x0 - 6, Y + 4, pow(10, e));
		for (int k = 2; k < 10 && e < a->ly_max; k++) {
			Y = py(a, k * pow(10, e));
			fprintf(fp, "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke='#f0f0f0'/>\n",
				a->x0, Y, a->x0 + PANEL_W, Y);
		}
	}
	fprintf(fp, "<text x='%.1f' y='%.1f' text-anchor='middle' font-size='12'>"
		"string length, bytes (log scale)</text>\n", a->x0 + PANEL_W / 2, a->y0 + PANEL_H + 36);
	fprintf(fp, "<text transform='translate(%.1f,%.1f) rotate(-90)' text-anchor='middle' "
		"font-size='12'>throughput, GB/s (bytes written / time; log scale)</text>\n",
		a->x0 - 48, a->y0 + PANEL_H / 2);
}

static void line(FILE *fp, const struct axes *a, const double *g, const size_t *lens, size_t nlen,
		 const char *colour, int dashed, int bold)
{
	int open = 0;

	for (size_t j = 0; j < nlen; j++) {
		if (lens[j] < 1 || g[j] <= 0)
			continue;
		if (!open)
			fprintf(fp, "<polyline fill='none' stroke='%s' stroke-width='%s'%s points='", colour,
				bold ? "3" : "1.6", dash[dashed % 3]);
		open = 1;
		fprintf(fp, "%.1f,%.1f ", px(a, (double)lens[j]), py(a, g[j]));
	}
	if (open)
		fprintf(fp, "'/>\n");
}

int svg_plot(FILE *fp, const char *title, const char *subtitle, const struct svg_panel *panels,
	     size_t npanel, const size_t *lens, size_t nlen, const char *const *names,
	     const int *dashed, size_t nimpl)
{
	double lo = INFINITY, hi = 0, width = LEFT + npanel * (PANEL_W + GAP) + LEGEND_W;
	struct axes a;

	for (size_t p = 0; p < npanel; p++)
		for (size_t i = 0; i < nimpl * nlen; i++)
			if (panels[p].gbps[i] > 0 && lens[i % nlen] >= 1) {
				lo = fmin(lo, panels[p].gbps[i]);
				hi = fmax(hi, panels[p].gbps[i]);
			}
	if (hi <= 0)
		lo = hi = 1;
	a.lx_min = 0;
	a.lx_max = log10((double)lens[nlen - 1]);
	a.ly_min = floor(log10(lo));
	a.ly_max = ceil(log10(hi));
	if (a.ly_max <= a.ly_min)
		a.ly_max = a.ly_min + 1;
	fprintf(fp, "<svg xmlns='http://www.w3.org/2000/svg' width='%.0f' height='%.0f' "
		"font-family='sans-serif'>\n<rect width='100%%' height='100%%' fill='#fff'/>\n",
		width, TOP + PANEL_H + BOTTOM);
	fprintf(fp, "<text x='%.1f' y='24' font-size='18' font-weight='bold'>%s</text>\n", LEFT, title);
	fprintf(fp, "<text x='%.1f' y='44' font-size='12' fill='#444'>%s</text>\n", LEFT, subtitle);
	for (size_t p = 0; p < npanel; p++) {
		a.x0 = LEFT + p * (PANEL_W + GAP);
		a.y0 = TOP;
		frame(fp, &a, panels[p].title);
		/* Drawn last to first, so the project's strscpy is on top. */
		for (size_t i = nimpl; i-- > 0;)
			line(fp, &a, panels[p].gbps + i * nlen, lens, nlen, palette[i % NPALETTE],
			     dashed[i], i == 0);
	}
	for (size_t i = 0; i < nimpl; i++) {
		double x = LEFT + npanel * (PANEL_W + GAP) - GAP / 2, y = TOP + 10 + 20.0 * (double)i;

		fprintf(fp, "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke='%s' stroke-width='%s'%s/>\n",
			x, y, x + 30, y, palette[i % NPALETTE], i == 0 ? "3" : "1.6", dash[dashed[i] % 3]);
		fprintf(fp, "<text x='%.1f' y='%.1f' font-size='12'>%s</text>\n", x + 38, y + 4, names[i]);
	}
	fprintf(fp, "<text x='%.1f' y='%.1f' font-size='11' fill='#444'>"
		"dashed: reads the source twice; dotted: memcpy, strcpy, stpcpy (no count)</text>\n",
		LEFT + npanel * (PANEL_W + GAP) - GAP / 2, TOP + 20 + 20.0 * (double)nimpl);
	fprintf(fp, "</svg>\n");
	return ferror(fp) ? -1 : 0;
}
