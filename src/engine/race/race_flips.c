/*
 * race_flips.c - each source byte's reads and the flips chosen from them
 * (race_flips.h).  Every read of every byte is kept, however many.
 */
#include <stdlib.h>
#include <string.h>

#include "race_flips.h"

/* Per byte: its reads' count and where they start in `at` (counting sort). */
static uint32_t nreads[SC_SRC_MAX + 1];
static uint32_t first[SC_SRC_MAX + 2];
static uint32_t *at;
static size_t at_cap;

int sc_flips_index(const struct sc_trace *t, uint64_t src, size_t span)
{
	size_t total = 0;

	memset(nreads, 0, span * sizeof(nreads[0]));
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < t->n; i++) {
			const struct sc_access *x = &t->acc[i];
			uint64_t lo, hi;

			if (x->write || x->arena != 's' || x->lo + x->len <= src)
				continue;
			lo = x->lo > src ? x->lo - src : 0;
			hi = x->lo + x->len - src;
			for (uint64_t b = lo; b < hi && b < span; b++)
				if (pass == 0)
					nreads[b]++;
				else
					at[first[b] + nreads[b]++] = (uint32_t)i;
		}
		if (pass == 1)
			break;
		for (size_t b = 0; b < span; b++) {
			first[b] = (uint32_t)total;
			total += nreads[b];
			nreads[b] = 0;
		}
		if (total > at_cap) {
			uint32_t *p = realloc(at, total * sizeof(*at));

			if (!p)
				return -1;
			at = p;
			at_cap = total;
		}
	}
	return 0;
}

uint32_t sc_flips_nreads(size_t b)
{
	return nreads[b];
}

uint32_t sc_flips_read(size_t b, uint32_t j)
{
	return at[first[b] + j];
}

static void add(struct sc_flip *fl, size_t *n, size_t *wanted, const struct sc_case *c, size_t b,
		uint32_t read)
{
	(*wanted)++;
	if (*n >= SC_FLIPS_MAX)
		return;
	fl[*n].byte = (uint32_t)b;
	fl[*n].read = read;
	fl[*n].to = sc_flip_value(c->src[b]);
	fl[*n].step = 0;
	(*n)++;
}

/* Byte o (a neighbour of b) is in b's group for read j: the same two
 * loads (reads j and j + 1) and a flip the same way. */
static int same_group(const struct sc_case *c, size_t b, size_t o, uint32_t j)
{
	return nreads[o] > j + 1 && sc_flips_read(o, j) == sc_flips_read(b, j) &&
	       sc_flips_read(o, j + 1) == sc_flips_read(b, j + 1) &&
	       (c->src[o] != 0) == (c->src[b] != 0);
}

size_t sc_flips_pick(const struct sc_case *c, size_t span, struct sc_flip *fl, size_t *wanted)
{
	size_t n = 0, hot = span ? span - 1 : 0;

	*wanted = 0;
	if (!span)
		return 0;
	for (uint32_t j = 0; j + 1 < nreads[hot]; j++)
		add(fl, &n, wanted, c, hot, j + 1);
	for (size_t b = 0; b < hot; b++)
		for (uint32_t j = 0; j + 1 < nreads[b]; j++) {
			/* the group's first byte or its last (the bytes inside a
			 * group differ only in where the NUL lands inside the
			 * same two loads) */
			int firstb = b == 0 || !same_group(c, b, b - 1, j);
			int lastb = b + 1 >= hot || !same_group(c, b, b + 1, j);

			if (firstb || lastb)
				add(fl, &n, wanted, c, b, j + 1);
		}
	return n;
}
