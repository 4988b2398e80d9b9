/*
 * grid_walk.h - what the grid's sections share (grid.c, the common
 * sections and the random cases; grid_rel.c, the sections of strlcat,
 * strncat and memccpy): the walk and how a section hands it a case.
 */
#ifndef SC_GRID_WALK_H
#define SC_GRID_WALK_H

#include "case.h"

/* Non-NUL bytes a source gets after its NUL (a leaking copy picks them up). */
#define TRAILER 24

struct walk {
	enum sc_api api;
	enum sc_policy policy;
	struct sc_case *c;
	int (*fn)(const struct sc_case *c, uint64_t index, void *arg);  /* grid.h's sc_case_fn */
	void *arg;
	int (*want)(uint64_t index, void *arg);  /* NULL: every case (sc_grid_some) */
	uint64_t n;
	int stop;
	enum sc_count_rel rel;  /* of the counts sc_grid_emit gives */
};

/* The case in w->c with these placements and count, normalized, to the
 * walk's callback (dst_init, ch and the source as the section set them;
 * normalizing may change them, so a section sets them before each case). */
void sc_grid_emit(struct walk *w, enum sc_place sp, unsigned so, enum sc_place dp,
		  unsigned doff, uint64_t count);

/* Drop the repeats of out[0..n-1], keeping the order; the count left. */
size_t sc_grid_unique(uint64_t *out, size_t n);

/* A source of len tricky non-NUL bytes, its NUL, and a trailer. */
void sc_grid_source(struct sc_case *c, size_t len, unsigned variant);

/* A random case's part of the relatives (grid_rel.c): dest's string
 * (strlcat, strncat; strlcat's size moved past it), memccpy's c; none
 * for the others.  From the random state st, after the rest is drawn. */
void sc_random_relative(uint64_t *st, struct sc_case *c);

/* The sections of the concatenations and of memccpy (grid_rel.c). */
void sc_grid_append(struct walk *w);
void sc_grid_memccpy(struct walk *w);

#endif
