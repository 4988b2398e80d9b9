/*
 * map_cells.c - noting each case's outcome in the map's cells (see
 * map_cells.h).
 */
#include <sys/mman.h>

#include "map_cells.h"

struct sc_map *sc_map_new(void)
{
	void *m = mmap(NULL, sizeof(struct sc_map), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	return m == MAP_FAILED ? NULL : m;
}

/* 0..63 one by one, then [64,128), [128,256), ... and 8192 or more. */
static unsigned row_of(uint64_t v)
{
	unsigned r = 64;

	if (v < 64)
		return (unsigned)v;
	for (v >>= 7; v && r < SC_MAP_ROWS - 1; v >>= 1)
		r++;
	return r;
}

/* Address mod 64 of the source, from its placement (the arenas' data
 * start on a page boundary and are whole pages long). */
static unsigned src_align(const struct sc_case *c)
{
	if (c->src_place == SC_AT_END)
		return (unsigned)(-(uint64_t)(c->src_off + c->src_len) % 64);
	return c->src_off % 64;
}

void sc_map_note(struct sc_map *m, const struct sc_case *c, enum sc_class cls)
{
	size_t readable = sc_case_readable(c);
	uint64_t gap = SC_MAP_COLS - 1;
	uint16_t bit = (uint16_t)(1u << ((unsigned)cls % 16));

	if (!m)
		return;
	if (c->src_place == SC_AT_END && readable) {
		gap = c->src_off + (c->src_len - readable);
		if (gap > SC_MAP_COLS - 1)
			gap = SC_MAP_COLS - 1;
	}
	m->align_len[row_of(sc_case_strlen(c))][src_align(c)] |= bit;
	m->guard_count[row_of(c->count)][gap] |= bit;
}
