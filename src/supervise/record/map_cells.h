/*
 * map_cells.h - the cells of --map=FILE.svg: where in the case space each
 * judged case fell, and how it ended.
 *
 * Two panels: source alignment (address mod 64) against string length,
 * and distance from the last byte the call may read (the NUL, or
 * src[count-1]) to the guard page after the source, against count.  The
 * child notes every case it judged into shared memory; the report draws
 * (report/map.c).  A cell holds the classes seen there as bits, so nothing
 * the child writes can be out of range: unknown bits are dropped when
 * drawing.
 */
#ifndef SC_MAP_CELLS_H
#define SC_MAP_CELLS_H

#include <stdint.h>

#include "../../engine/case/case.h"
#include "../../engine/judge/rules.h"

#define SC_MAP_COLS 65   /* 0..63, then "64 or more / away from the guards" */
#define SC_MAP_ROWS 72   /* 0..63 one by one, then doubling buckets */

struct sc_map {
	/* Bit cls set: a case of that outcome (SC_PASS included) fell here. */
	uint16_t align_len[SC_MAP_ROWS][SC_MAP_COLS];
	uint16_t guard_count[SC_MAP_ROWS][SC_MAP_COLS];
};

/* A shared (MAP_SHARED) zeroed map, for the child to fill; NULL on failure. */
struct sc_map *sc_map_new(void);

/* Note that case c ended as cls (SC_PASS: kept the contract). */
void sc_map_note(struct sc_map *m, const struct sc_case *c, enum sc_class cls);

#endif
