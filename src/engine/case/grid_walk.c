/*
 * grid_walk.c - what every section of the grid uses (grid_walk.h): the
 * project's PRNG, the tricky source, handing a case to the walk.  A leaf
 * of grid.c and grid_rel.c, so that they do not call each other back.
 */
#include <stdint.h>
#include <string.h>

#include "grid_walk.h"

/* Bytes that break word-at-a-time code: high bytes (signed char, has-zero
 * false positives), 0x01 (borrow chains), 0x7f/0x80 boundaries. */
static const unsigned char tricky[] = {
	'a', 0x80, 'b', 0x81, 0x01, 0xfe, 'c', 0xff, 0x7f, 'd', 0x01, 0x80, 'e', 0xc3, 'f', 0x01,
};


uint64_t sc_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* A string of len non-NUL bytes, its NUL, then a trailer of non-NUL bytes
 * that a leaking or over-reading copy would pick up. */
size_t sc_grid_unique(uint64_t *out, size_t n)
{
	size_t i, j, k;

	for (i = j = 0; i < n; i++) {
		for (k = 0; k < j && out[k] != out[i]; k++)
			;
		if (k == j)
			out[j++] = out[i];
	}
	return j;
}

void sc_grid_source(struct sc_case *c, size_t len, unsigned variant)
{
	size_t i;

	for (i = 0; i < len; i++)
		c->src[i] = tricky[(i + variant) % sizeof(tricky)];
	c->src[len] = 0;
	for (i = 1; i <= TRAILER && len + i < SC_SRC_MAX; i++)
		c->src[len + i] = tricky[(i * 3 + variant) % sizeof(tricky)];
	c->src_len = len + i;
}

void sc_grid_emit(struct walk *w, enum sc_place sp, unsigned so, enum sc_place dp,
		 unsigned doff, uint64_t count)
{
	struct sc_case *c = w->c;

	if (w->stop)
		return;
	/* Only counting (sc_grid_size), or a case the walk does not want
	 * (sc_grid_some): how many cases there are does not depend on what
	 * they hold. */
	if (!w->fn || (w->want && !w->want(w->n, w->arg))) {
		w->n++;
		return;
	}
	c->api = w->api;
	c->policy = w->policy;
	c->src_place = sp;
	c->src_off = so;
	c->dst_place = dp;
	c->dst_off = doff;
	c->count_rel = w->rel;
	c->count = count;
	sc_case_normalize(c);
	w->stop = w->fn(c, w->n++, w->arg);
}
