/*
 * map.c - the case-space map of --map=FILE.svg (see map.h).
 */
#include <stdio.h>
#include <string.h>

#include "map.h"
#include "formats/report_util.h"

static const char *const colours[SC_CLASS_COUNT] = {
	[SC_PASS] = "#c7e9c0",      [SC_OVERREAD] = "#d62728",  [SC_OVERWRITE] = "#ff7f0e",
	[SC_UNDERREAD] = "#9467bd", [SC_UNDERWRITE] = "#8c564b", [SC_SRC_WRITE] = "#e377c2",
	[SC_RETVAL] = "#1f77b4",    [SC_TERMINATION] = "#17becf", [SC_CONTENT] = "#bcbd22",
	[SC_LEAK] = "#7f7f7f",      [SC_RACE] = "#000000",      [SC_HANG] = "#393b79",
	[SC_CRASH] = "#843c39",
};

/* The class a cell shows: its first defect class, else pass, else none. */
static int cell_class(uint16_t bits)
{
	for (int k = 1; k < SC_CLASS_COUNT; k++)
		if (bits & (1u << k))
			return k;
	return bits & 1 ? SC_PASS : -1;
}

#define CELL 7
#define LEFT 70
#define TOP 60
#define PANEL_W (SC_MAP_COLS * CELL)
#define PANEL_H (SC_MAP_ROWS * CELL)
#define GAP 110

static void row_label(FILE *out, int x, unsigned r)
{
	int y = TOP + PANEL_H - (int)r * CELL - 1;

	if (r < 64)
		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%u</text>\n", x, y, r);
	else if (r < SC_MAP_ROWS - 1)
		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%llu</text>\n", x, y,
			64ull << (r - 64));
	else
		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%llu+</text>\n", x, y,
			64ull << (r - 64));
}

static void panel(FILE *out, int x0, const uint16_t cells[SC_MAP_ROWS][SC_MAP_COLS], int cols,
		  const char *xlabel, const char *ylabel, const char *last_col)
{
	fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f4f4f4\" "
		"stroke=\"#888\"/>\n", x0, TOP, cols * CELL, PANEL_H);
	/* A run of cells of one colour in a row is one rectangle. */
	for (int r = 0; r < SC_MAP_ROWS; r++)
		for (int col = 0, end; col < cols; col = end) {
			int k = cell_class(cells[r][col]);

			for (end = col + 1; end < cols && cell_class(cells[r][end]) == k; end++)
				;
			if (k >= 0)
				fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
					"fill=\"%s\"/>\n", x0 + col * CELL,
					TOP + PANEL_H - (r + 1) * CELL, (end - col) * CELL, CELL,
					colours[k]);
		}
	for (int col = 0; col < cols; col += 8)
		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d</text>\n",
			x0 + col * CELL + CELL / 2, TOP + PANEL_H + 14, col);
	if (last_col)
		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"start\">%s</text>\n",
			x0 + (cols - 1) * CELL, TOP + PANEL_H + 28, last_col);
	/* 0, 8, ... 56 one by one; then 64, 256, 1024 and the top bucket. */
	for (unsigned r = 0; r < SC_MAP_ROWS - 2; r += r < 64 ? 8 : 2)
		row_label(out, x0 - 4, r);
	row_label(out, x0 - 4, SC_MAP_ROWS - 1);
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
		x0 + cols * CELL / 2, TOP + PANEL_H + 44, xlabel);
	fprintf(out, "<text transform=\"translate(%d,%d) rotate(-90)\" text-anchor=\"middle\">%s"
		"</text>\n", x0 - 48, TOP + PANEL_H / 2, ylabel);
}

void sc_map_svg(FILE *out, const struct sc_map *m, const char *title)
{
	int width = LEFT + 2 * PANEL_W + GAP + 40, legend_y = TOP + PANEL_H + 70;
	int height = legend_y + 2 * 20 + 20;

	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"10\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n", width, height, width, height);
	fprintf(out, "<text x=\"%d\" y=\"22\" font-size=\"15\" font-weight=\"bold\">", LEFT);
	sc_put_xml_text(out, title);  /* the title names a path: anything */
	fprintf(out, "</text>\n<text x=\"%d\" y=\"40\" font-size=\"11\">each cell: the cases that fell "
		"there, coloured by the first defect class seen (green: all kept the contract; "
		"blank: none ran)</text>\n", LEFT);
	panel(out, LEFT, m->align_len, SC_MAP_COLS - 1, "source address mod 64",
	      "string length (bytes)", NULL);
	panel(out, LEFT + PANEL_W + GAP, m->guard_count, SC_MAP_COLS,
	      "bytes from the last readable byte (NUL or src[count-1]) to the guard page "
	      "(64+: farther, or no guard)", "count", "64+");
	for (int k = 0; k < SC_CLASS_COUNT; k++) {
		int x = LEFT + (k % 7) * 120, y = legend_y + (k / 7) * 20;

		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\" "
			"stroke=\"#555\"/>\n<text x=\"%d\" y=\"%d\">%s</text>\n", x, y - 10,
			colours[k], x + 16, y, sc_class_name((enum sc_class)k));
	}
	fputs("</svg>\n", out);
}
