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

/* Byte o (a neighbour of b) is in b's run for read j: the same two loads
 * (reads j and j + 1) and a flip the same way. */
static int same_run(const struct sc_case *c, size_t b, size_t o, uint32_t j)
{
	return nreads[o] > j + 1 && sc_flips_read(o, j) == sc_flips_read(b, j) &&
	       sc_flips_read(o, j + 1) == sc_flips_read(b, j + 1) &&
	       (c->src[o] != 0) == (c->src[b] != 0);
}

/*
 * The groups.  A run is the neighbouring bytes that the same two loads
 * read (reads j and j + 1) and that flip the same way: they differ only in
 * where the NUL lands inside those loads.  Runs are grouped by the two
 * loads' instructions, where the run starts in each load, its length, the
 * read's number and the direction: runs of one group differ only in which
 * iteration of the same two loads they are (a word or vector loop that
 * re-reads every block the same way).  The group's ends are run: the first
 * byte of its first run and the last byte of its last.  Open addressing,
 * cleared per case.
 */
#define GROUPS 16384
struct group {
	uint64_t ip1, ip2;
	uint32_t off1, off2, len, j, fs, fe, ls, le;
	uint8_t to, used;
};
static struct group groups[GROUPS];
static uint32_t used[GROUPS], nused;

static int group_run(const struct sc_trace *t, const struct sc_case *c, uint64_t src, size_t b,
		     size_t e, uint32_t j)
{
	const struct sc_access *x = &t->acc[sc_flips_read(b, j)], *y = &t->acc[sc_flips_read(b, j + 1)];
	uint32_t off1 = (uint32_t)(src + b - x->lo), off2 = (uint32_t)(src + b - y->lo);
	uint32_t len = (uint32_t)(e - b + 1);
	uint8_t to = sc_flip_value(c->src[b]);
	uint64_t h = (x->ip * 0x9e3779b97f4a7c15ull) ^ (y->ip * 0xc2b2ae3d27d4eb4full) ^
		     ((uint64_t)off1 << 40) ^ ((uint64_t)off2 << 28) ^ ((uint64_t)len << 16) ^
		     ((uint64_t)j << 8) ^ to;

	for (uint32_t k = 0; k < GROUPS; k++) {
		struct group *g = &groups[(h + k) % GROUPS];

		if (!g->used) {
			*g = (struct group){ x->ip, y->ip, off1, off2, len, j, (uint32_t)b, (uint32_t)e,
					     (uint32_t)b, (uint32_t)e, to, 1 };
			used[nused++] = (uint32_t)((h + k) % GROUPS);
			return 1;
		}
		if (g->ip1 == x->ip && g->ip2 == y->ip && g->off1 == off1 && g->off2 == off2 &&
		    g->len == len && g->j == j && g->to == to) {
			g->ls = (uint32_t)b;
			g->le = (uint32_t)e;
			return 1;
		}
	}
	return 0;  /* more groups than the table: the run is a group of its own */
}

size_t sc_flips_pick(const struct sc_trace *t, const struct sc_case *c, uint64_t src, size_t span,
		     struct sc_flip *fl, size_t *wanted)
{
	size_t n = 0, hot = span ? span - 1 : 0;

	*wanted = 0;
	for (uint32_t k = 0; k < nused; k++)
		groups[used[k]].used = 0;
	nused = 0;
	if (!span)
		return 0;
	for (uint32_t j = 0; j + 1 < nreads[hot]; j++)
		add(fl, &n, wanted, c, hot, j + 1);
	for (size_t b = 0; b < hot; b++)
		for (uint32_t j = 0; j + 1 < nreads[b]; j++) {
			size_t e = b;

			if (b > 0 && same_run(c, b, b - 1, j))
				continue;  /* not a run's first byte */
			while (e + 1 < hot && same_run(c, b, e + 1, j))
				e++;
			if (!group_run(t, c, src, b, e, j)) {
				add(fl, &n, wanted, c, b, j + 1);
				if (e != b)
					add(fl, &n, wanted, c, e, j + 1);
			}
		}
	for (uint32_t k = 0; k < nused; k++) {
		const struct group *g = &groups[used[k]];

		add(fl, &n, wanted, c, g->fs, g->j + 1);
		if (g->le != g->fs)
			add(fl, &n, wanted, c, g->le, g->j + 1);
	}
	return n;
}
