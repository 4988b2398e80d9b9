/*
 * grid.c - the grid's sections every API shares (count shapes, guard
 * placements, short strings at every alignment, byte values, long
 * strings, buffers at the same page offset), their order, and the seeded
 * random cases (grid.h).
 */
#include <stdint.h>
#include <string.h>

#include "grid.h"
#include "grid_walk.h"

/* Counts worth trying for a string of length len. */
static size_t counts_for(size_t len, uint64_t *out)
{
	static const uint64_t fixed[] = { 0, 1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65,
					  4095, 4096, 4097 };
	const int64_t around[] = { -1, 0, 1, 2, 8 };
	size_t n = 0, i;

	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		out[n++] = fixed[i];
	for (i = 0; i < sizeof(around) / sizeof(around[0]); i++)
		if ((int64_t)len + around[i] >= 0)
			out[n++] = (uint64_t)((int64_t)len + around[i]);
	return sc_grid_unique(out, n);
}

/* Lengths 0..72: every alignment pair, and every count near the length for
 * a rotating subset of them.  NUL lands at every offset of a word and of a
 * 64-byte block, in every alignment. */
static void short_strings(struct walk *w)
{
	uint64_t counts[32];

	for (size_t len = 0; len <= 72 && !w->stop; len++) {
		size_t nc = counts_for(len, counts);

		sc_grid_source(w->c, len, (unsigned)len);
		for (unsigned so = 0; so <= SC_OFF_MAX; so++)
			for (unsigned doff = 0; doff <= SC_OFF_MAX; doff++) {
				sc_grid_emit(w, SC_FREE, so, SC_FREE, doff, len + 1);
				sc_grid_emit(w, SC_FREE, so, SC_FREE, doff, counts[(so * 7 + doff) % nc]);
			}
	}
}

/* Lengths 73..300 and a sample of long ones past several pages and past
 * 65,536: all source alignments, a few destination ones, counts around L. */
static void long_strings(struct walk *w)
{
	static const size_t longs[] = { 511, 512, 513, 1023, 1024, 4095, 4096, 4097, 8191, 8192,
					8193, 12289, 65535, 65536, 65537, 70001, SC_SRC_MAX - TRAILER - 1 };
	static const unsigned doffs[] = { 0, 3, 8, 61 };
	const int64_t around[] = { -1, 0, 1, 2 };
	size_t len;

	for (size_t li = 0; !w->stop; li++) {
		unsigned step = 1;

		if (li <= 300 - 73)
			len = 73 + li;
		else if (li - (300 - 73) - 1 < sizeof(longs) / sizeof(longs[0]))
			len = longs[li - (300 - 73) - 1], step = 9;
		else
			break;
		sc_grid_source(w->c, len, (unsigned)li);
		for (unsigned so = 0; so <= SC_OFF_MAX; so += step)
			for (size_t d = 0; d < 4; d++)
				for (size_t a = 0; a < 4; a++)
					sc_grid_emit(w, SC_FREE, so, SC_FREE, doffs[(d + a) % 4],
					     (uint64_t)((int64_t)len + around[a]));
	}
}

/* Buffers flush against the guard pages (off = distance to the guard). */
static void guard_placements(struct walk *w)
{
	static const size_t lens[] = { 0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65,
				       100, 255, 256, 257, 4095, 4096, 4097, 8200 };
	struct sc_case *c = w->c;

	for (size_t li = 0; li < sizeof(lens) / sizeof(lens[0]) && !w->stop; li++) {
		size_t len = lens[li];
		unsigned step = len > 300 ? 5 : 1;

		for (unsigned off = 0; off <= SC_OFF_MAX; off += step) {
			/* No NUL in count bytes, the count-th byte is the guard. */
			sc_grid_source(c, len, off);
			c->src_len = len;
			sc_grid_emit(w, SC_AT_END, off, SC_FREE, off, len);
			/* NUL is the last byte before the guard; count larger. */
			sc_grid_source(c, len, off);
			c->src_len = len + 1;
			sc_grid_emit(w, SC_AT_END, off, SC_FREE, 0, len + 2);
			sc_grid_source(c, len, off);
			c->src_len = len + 1;
			sc_grid_emit(w, SC_AT_END, off, SC_FREE, 5, len + 64);
			/* Source right after the guard. */
			sc_grid_source(c, len, off);
			sc_grid_emit(w, SC_AT_START, off, SC_FREE, 0, len + 1);
			sc_grid_source(c, len, off);
			sc_grid_emit(w, SC_AT_START, off, SC_FREE, 0, len ? len : 1);
			/* Destination ending at dest + count, and right after a guard. */
			sc_grid_source(c, len, off);
			sc_grid_emit(w, SC_FREE, off, SC_AT_END, 0, len + 1);
			sc_grid_emit(w, SC_FREE, off, SC_AT_END, off, len ? len : 1);
			sc_grid_emit(w, SC_FREE, off, SC_AT_END, 0, len + 9);
			sc_grid_emit(w, SC_FREE, off, SC_AT_START, 0, len + 1);
			sc_grid_emit(w, SC_FREE, off, SC_AT_START, off, len ? len : 1);
			/* Both at once. */
			sc_grid_emit(w, SC_AT_START, off, SC_AT_END, 0, len + 1);
		}
	}
}

/*
 * Source and dest at the same offset within their pages, both flush
 * against their guards: the path code takes for buffers that alias
 * modulo 4 KiB (against 4K aliasing), which reads up to the page end in
 * its own way.  Lengths 0..130, the NUL the last byte before the guard
 * (a fit) or none within count (a truncation at the guard), each a few
 * distances from it.  Last in the grid, so every earlier case keeps its
 * number.
 */
static void page_coaligned(struct walk *w)
{
	static const unsigned offs[] = { 0, 1, 7, 33 };
	struct sc_case *c = w->c;

	for (size_t len = 0; len <= 130 && !w->stop; len++)
		for (size_t k = 0; k < sizeof(offs) / sizeof(offs[0]); k++) {
			unsigned off = offs[k];

			/* dest ends off before its guard, src too: the same
			 * page offset when count equals src's length. */
			sc_grid_source(c, len, (unsigned)(len + k));
			c->src_len = len + 1;
			sc_grid_emit(w, SC_AT_END, off, SC_AT_END, off, len + 1);
			if (len) {
				sc_grid_source(c, len, (unsigned)(len + k));
				c->src_len = len;
				sc_grid_emit(w, SC_AT_END, off, SC_AT_END, off, len);
			}
		}
}

/* Every non-zero byte value in every position of a word, before a NUL. */
static void byte_values(struct walk *w)
{
	struct sc_case *c = w->c;

	for (unsigned b = 1; b <= 255 && !w->stop; b++)
		for (size_t len = 1; len <= 17; len++)
			for (unsigned so = 0; so < 8; so += 3) {
				memset(c->src, (int)b, len);
				c->src[len] = 0;
				memset(c->src + len + 1, (int)b, 8);
				c->src_len = len + 9;
				sc_grid_emit(w, SC_FREE, so, SC_FREE, so, len + 1);
				sc_grid_emit(w, SC_FREE, so, SC_FREE, 0, len);
				sc_grid_emit(w, SC_FREE, so, SC_FREE, 1, len + 8);
			}
}

/*
 * Counts of the shapes a truncation, a sign conversion or a wrap-around
 * turns small (docs/counts.md), each with strings shorter and longer than
 * what the count becomes, for every API that takes them (sc_count_fits_api):
 * base + k for the bases below, SIZE_MAX - k, counts that make dest + count
 * or src + count wrap (relative, resolved at placement), and counts far
 * above the length with short strings.  First in the grid: few and cheap.
 */
static const struct shape {
	uint64_t base;
	int sub;        /* base - k instead of base + k */
} shapes[] = {
	{ (uint64_t)1 << 16, 0 }, { (uint64_t)1 << 17, 0 }, { (uint64_t)1 << 31, 0 },
	{ (uint64_t)1 << 32, 0 }, { (uint64_t)1 << 32, 1 }, { (uint64_t)1 << 48, 0 },
	{ (uint64_t)1 << 63, 0 }, { (uint64_t)1 << 63, 1 }, { 0, 1 } /* 2^64 - k */,
	{ (uint64_t)3 << 32, 0 } /* high half neither 0 nor 1 */,
};

static const unsigned shape_ks[] = { 0, 1, 2, 3, 5, 8, 9, 16, 17, 33, 64 };

/* One count, with strings around t = what a truncation leaves of it. */
static void shape_cases(struct walk *w, uint64_t count, size_t t)
{
	const size_t lens[] = { t ? t - 1 : 0, t, t + 1, t + 7, 0, 20 };

	if (!sc_count_fits_api(w->api, count, w->rel))
		return;
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]) && !w->stop; i++) {
		if (i > 0 && lens[i] == lens[i - 1])
			continue;
		sc_grid_source(w->c, lens[i], (unsigned)i);
		sc_grid_emit(w, SC_FREE, (unsigned)i, SC_FREE, (unsigned)(i * 3), count);
		sc_grid_source(w->c, lens[i], (unsigned)i);
		sc_grid_emit(w, SC_AT_END, 0, SC_AT_START, 0, count);
		sc_grid_source(w->c, lens[i], (unsigned)i);
		sc_grid_emit(w, SC_AT_START, (unsigned)i, SC_AT_END, 0, count);
	}
}

static void count_shapes(struct walk *w)
{
	/* Far above the length: mapped whole up to SC_COUNT_MAX, capped above. */
	static const uint64_t far[] = { 4097, 8193, 65535, 100000, SC_COUNT_MAX,
					SC_COUNT_MAX + 1, (1u << 20) + 1, 1u << 24, 1u << 30,
					(uint64_t)INT32_MAX - 1, INT32_MAX, (uint64_t)INT32_MAX + 2 };
	static const int64_t wrap_ks[] = { 0, 1, 5, 64, 4095, -1, -2 };

	for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++)
		for (size_t i = 0; i < sizeof(shape_ks) / sizeof(shape_ks[0]); i++) {
			uint64_t k = shape_ks[i];

			/* 2^64 - 0 is 0, a case of its own elsewhere. */
			if (shapes[s].sub && shapes[s].base == 0 && k == 0)
				continue;
			/* base - k truncates to 2^n - k: to strings around -k. */
			shape_cases(w, shapes[s].sub ? shapes[s].base - k : shapes[s].base + k,
				    shapes[s].sub ? 0 : k);
		}
	for (size_t i = 0; i < sizeof(far) / sizeof(far[0]); i++)
		shape_cases(w, far[i], 0);
	for (w->rel = SC_REL_DEST; w->rel <= SC_REL_SRC; w->rel++)
		for (size_t i = 0; i < sizeof(wrap_ks) / sizeof(wrap_ks[0]); i++)
			shape_cases(w, (uint64_t)wrap_ks[i], 0);
	w->rel = SC_REL_NONE;
}

uint64_t sc_grid(enum sc_api api, enum sc_policy policy, struct sc_case *c,
		 sc_case_fn fn, void *arg)
{
	return sc_grid_some(api, policy, c, NULL, fn, arg);
}

uint64_t sc_grid_some(enum sc_api api, enum sc_policy policy, struct sc_case *c,
		      int (*want)(uint64_t index, void *arg), sc_case_fn fn, void *arg)
{
	struct walk w = { api, policy, c, fn, arg, want, 0, 0, SC_REL_NONE };

	/* The sections common to every API get dest empty (strlcat,
	 * strncat) and c = 0 (memccpy as a string copy). */
	c->dst_init_len = 0;
	c->ch = 0;
	count_shapes(&w);
	/* An API's own section next: small, and aimed at its contract. */
	if (sc_api_appends(api))
		sc_grid_append(&w);
	else if (api == SC_MEMCCPY)
		sc_grid_memccpy(&w);
	c->dst_init_len = 0;
	c->ch = 0;
	guard_placements(&w);
	short_strings(&w);
	byte_values(&w);
	long_strings(&w);
	page_coaligned(&w);
	return w.n;
}

/* The walk with no callback: sc_grid_emit only counts, normalizing
 * nothing (under qemu-s390x 0.02 s of CPU, against 0.15 s for a walk
 * that hands each case out: every strcheck run counts the grid). */
uint64_t sc_grid_size(enum sc_api api, enum sc_policy policy)
{
	static struct sc_case scratch;

	return sc_grid(api, policy, &scratch, NULL, NULL);
}

/* A count of a shape from count_shapes, with k around the length: a
 * truncated count that lands on either side of the string's end. */
static void random_shape(uint64_t *st, size_t len, struct sc_case *c)
{
	uint64_t r = sc_rand(st), k = r % (len + 9);
	const struct shape *sh = &shapes[(r >> 32) % (sizeof(shapes) / sizeof(shapes[0]))];

	switch ((r >> 40) % 4) {
	case 0:
		/* dest + count or src + count wraps to k (or ends at the top). */
		c->count_rel = (r >> 42) % 2 ? SC_REL_DEST : SC_REL_SRC;
		c->count = (r >> 43) % 4 ? k : (uint64_t)0 - 1 - (k % 64);
		break;
	case 1:
		/* Far above the length: 2^n + a bit, n up to 34. */
		c->count = len + ((uint64_t)1 << (13 + (r >> 44) % 22)) + (r >> 50) % 64;
		break;
	default:
		c->count = sh->sub ? sh->base - k - (sh->base == 0) : sh->base + k;
		break;
	}
}

void sc_random_case(uint64_t seed, uint64_t index, enum sc_api api,
		    enum sc_policy policy, struct sc_case *c)
{
	uint64_t st = seed ^ (index * 0xd1342543de82ef95u), r = sc_rand(&st);
	size_t len, i;
	unsigned high = (unsigned)(sc_rand(&st) % 4);

	/* Mostly short, sometimes up to the maximum: log-uniform lengths. */
	len = (size_t)(sc_rand(&st) % ((uint64_t)1 << (r % 18)));
	if (len > SC_SRC_MAX - TRAILER - 1)
		len = SC_SRC_MAX - TRAILER - 1;
	for (i = 0; i < len + 1 + TRAILER; i++) {
		uint64_t x = sc_rand(&st);
		unsigned char b = (unsigned char)(x % 255 + 1);

		if ((x >> 32) % 4 < high)
			b |= 0x80;
		else if ((x >> 40) % 16 == 0)
			b = 1;
		c->src[i] = b;
	}
	c->src[len] = 0;
	c->src_len = len + 1 + (size_t)(sc_rand(&st) % (TRAILER + 1));
	c->api = api;
	c->policy = policy;
	c->src_place = (enum sc_place)(sc_rand(&st) % SC_PLACE_COUNT);
	c->dst_place = (enum sc_place)(sc_rand(&st) % SC_PLACE_COUNT);
	c->src_off = (unsigned)(sc_rand(&st) % (SC_OFF_MAX + 1));
	c->dst_off = (unsigned)(sc_rand(&st) % (SC_OFF_MAX + 1));
	c->count_rel = SC_REL_NONE;
	switch (sc_rand(&st) % 5) {
	case 4:
		random_shape(&st, len, c);
		break;
	case 0:
		c->count = sc_rand(&st) % (SC_COUNT_MAX + 1);
		break;
	case 1:
		/* No NUL within count: cut the source at the count. */
		c->count = len ? sc_rand(&st) % len + 1 : 1;
		if (sc_rand(&st) % 2)
			c->src_len = (size_t)c->count;
		break;
	default:
		c->count = (uint64_t)((int64_t)len + (int64_t)(sc_rand(&st) % 20) - 2);
		if ((int64_t)c->count < 0)
			c->count = 0;
		break;
	}
	sc_random_relative(&st, c);
	sc_case_normalize(c);
}
