/*
 * race_place.c - the flip runs' placements and the calls between them
 * (race_place.h).
 */
#include <string.h>

#include "race_place.h"

/* A copy of c's header, dest's initial bytes and source (not the whole
 * struct: its arrays are 140 KiB). */
static void copy_case(struct sc_case *m, const struct sc_case *c)
{
	memcpy(m, c, offsetof(struct sc_case, dst_init) + c->dst_init_len);
	m->src_len = c->src_len;
	memcpy(m->src, c->src, c->src_len);
}

/* A free buffer of len bytes at off, moved by 1 + k % n pages (n: what
 * the arena holds with a page to spare before its end guard), expressed
 * as a distance from the guard before it. */
static void move(const struct sc_arena *a, enum sc_place *place, unsigned *off, size_t len,
		 unsigned k)
{
	size_t room, n;

	if (*place != SC_FREE || a->data_len < len + *off + 3 * a->page)
		return;
	room = a->data_len - len - *off - 2 * a->page;
	n = room / a->page;
	*place = SC_AT_START;
	*off += (unsigned)(a->page * (1 + 1 + k % n));
}

const struct sc_case *sc_flip_placed(const struct sc_engine *e, const struct sc_case *c,
				     unsigned k)
{
	static struct sc_case m;

	copy_case(&m, c);
	move(&e->src, &m.src_place, &m.src_off, m.src_len, k);
	if (!sc_dst_is_huge(c) && c->count_rel == SC_REL_NONE)
		move(&e->dst, &m.dst_place, &m.dst_off, sc_case_dst_len(c), k * 3 + 1);
	return &m;
}

void sc_flip_decoy(struct sc_engine *e, const struct sc_case *c, void *fn, unsigned k)
{
	static struct sc_case d;
	size_t n = c->src_len < 40 ? c->src_len : 40;
	int term = e->dest_terminated;

	memset(&d, 0, offsetof(struct sc_case, src));
	d.api = c->api;
	d.policy = c->policy;
	d.ch = c->ch;
	memcpy(d.src, c->src, n);
	d.src[n] = 0;
	d.src_len = n + 1;
	d.count = 48 + k % 16;
	d.src_off = (k * 13) % 64;
	d.dst_off = (k * 29 + 7) % 64;
	if (sc_api_appends(c->api)) {
		d.dst_init[0] = 0;
		d.dst_init_len = 1;
	}
	e->dest_terminated = 0;
	sc_run(e, &d, fn, &e->cand);
	e->dest_terminated = term;
}
