/*
 * race_case.c - the cases of the concurrent checks.
 *
 * They cover what the contract covers: strings from empty to several
 * pages (mostly short, which are fast, so they get the most calls),
 * counts from 1 up, on both paths (a fit: exactly, just above, far above;
 * truncation: count at the length, just below it, anywhere below), every
 * source and destination alignment, each buffer free or flush against a
 * guard page.
 *
 * The mutator may turn the NUL into a non-NUL, so a fitting string has a
 * second NUL (the backstop) a few bytes after it, which the mutator never
 * touches: whatever it does, a correct copy stays inside mapped memory
 * and a fault is the candidate's own.  A truncated source needs none:
 * count bounds the read.
 */
#include <string.h>

#include "../../case/grid.h"
#include "race_case.h"
#include "race_content.h"

static size_t pick_len(uint64_t *rng)
{
	unsigned r = (unsigned)(sc_rand(rng) % 100);

	if (r < 45)
		return (size_t)(sc_rand(rng) % 65);
	if (r < 75)
		return 65 + (size_t)(sc_rand(rng) % 500);
	return 565 + (size_t)(sc_rand(rng) % (3 * 4096));
}

static void pick_place(uint64_t *rng, enum sc_place *place, unsigned *off)
{
	unsigned r = (unsigned)(sc_rand(rng) % 100);

	*place = r < 50 ? SC_FREE : r < 85 ? SC_AT_END : SC_AT_START;
	/* Against a guard, flush half the time. */
	*off = (unsigned)(sc_rand(rng) % 64);
	if (*place != SC_FREE && sc_rand(rng) % 2)
		*off = 0;
}

static uint64_t fit_count(uint64_t *rng, size_t len)
{
	unsigned r = (unsigned)(sc_rand(rng) % 100);

	if (r < 25)
		return len + 1;
	if (r < 55)
		return len + 2 + sc_rand(rng) % 15;
	if (r < 75)
		return len + 9 + sc_rand(rng) % 56;
	return len + 1 + sc_rand(rng) % (3 * 4096 + 1);
}

static uint64_t trunc_count(uint64_t *rng, size_t len)
{
	unsigned r = (unsigned)(sc_rand(rng) % 100);
	uint64_t back = sc_rand(rng) % 8;

	if (r < 30)
		return len;
	if (r < 60)
		return back < len ? len - back : 1;
	return 1 + sc_rand(rng) % len;
}

void sc_race_case(uint64_t *rng, enum sc_api api, struct sc_case *c, size_t *span, size_t *hot)
{
	size_t len = pick_len(rng);
	int trunc = len > 0 && sc_rand(rng) % 100 < 40;

	memset(c, 0, offsetof(struct sc_case, src));
	c->api = api;
	c->policy = SC_NO_LEAK;
	pick_place(rng, &c->src_place, &c->src_off);
	pick_place(rng, &c->dst_place, &c->dst_off);
	sc_race_fill(c->src, len, sc_rand(rng));
	c->src[len] = 0;
	if (trunc) {
		c->count = trunc_count(rng, len);
		/* No NUL at all half the time: src+count is then the guard's
		 * first byte when the source is flush against it. */
		c->src_len = sc_rand(rng) % 2 ? (size_t)c->count : len + 1;
		*span = (size_t)c->count;
		*hot = *span - 1;
	} else {
		size_t tail = (size_t)(sc_rand(rng) % 16);

		c->count = fit_count(rng, len);
		memset(c->src + len + 1, 'z', tail);
		c->src[len + 1 + tail] = 0;  /* the backstop */
		c->src_len = len + 2 + tail;
		*span = len + 1;
		*hot = len;
	}
	sc_case_normalize(c);
}
