/*
 * map.h - --map=FILE.svg: a picture of the case space, each cell coloured
 * by outcome, so that where a defect lives is visible at a glance.
 *
 * The child notes every case it judged in the map's cells
 * (supervise/map_cells.h); the report draws them here.
 */
#ifndef SC_MAP_H
#define SC_MAP_H

#include <stdio.h>

#include "../supervise/record/map_cells.h"

/* Draw the map as an SVG document; title names the implementation and seed. */
void sc_map_svg(FILE *out, const struct sc_map *m, const char *title);

#endif
