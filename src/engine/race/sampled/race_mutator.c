/*
 * race_mutator.c - the race check's mutator thread: during each call it
 * rewrites a few source bytes between their own value and its opposite
 * (a NUL for a non-NUL byte, a non-NUL for the NUL), with one strategy
 * per call.  A double read is caught when the two reads straddle a
 * change, so the strategies differ in where they change (the byte at the
 * NUL, the bytes just below count, the word or the 64-byte block holding
 * them, the head, every byte in turn, any byte) and in how (flat out,
 * for windows of an instruction or two; or holding each value a random
 * while, for reads that are far apart or repeated).
 */
#include <string.h>

#include "../../case/grid.h"
#include "race_threads.h"

/* The bytes one call changes, their two images, and their address. */
struct flip {
	volatile unsigned char *at;
	size_t n;
	unsigned char a[64], b[64];
	int word;  /* n == 8 and aligned: one store each way */
};

static size_t below(const struct sc_race_target *t, uint64_t *rng)
{
	size_t back = 1 + (size_t)(sc_rand(rng) % 8);

	return t->hot >= back ? t->hot - back : 0;
}

/* [lo, hi) of the source, clipped to the span: the block of `size`
 * bytes (a power of two) holding byte p, aligned as the candidate sees it. */
static void block(const struct sc_race_target *t, size_t p, size_t size, size_t *lo, size_t *hi)
{
	size_t skew = (uintptr_t)(t->src + p) & (size - 1);

	*lo = p - (skew < p ? skew : p);
	*hi = p - skew + size;
	if (*hi > t->span)
		*hi = t->span;
}

static void aim(const struct sc_race_target *t, uint64_t *rng, struct flip *f)
{
	size_t lo, hi, p;

	switch (t->strategy) {
	case SC_ST_BELOW:
		lo = below(t, rng), hi = lo + 1;
		break;
	case SC_ST_WORD:
		p = sc_rand(rng) % 2 ? t->hot : below(t, rng);
		block(t, p, 8, &lo, &hi);
		break;
	case SC_ST_HEAD:
		lo = 0, hi = 1 + (size_t)(sc_rand(rng) % 8);
		if (hi > t->span)
			hi = t->span;
		break;
	case SC_ST_SWEEP:
		lo = (size_t)(t->seq % t->span), hi = lo + 1;
		break;
	case SC_ST_LINE:
		p = sc_rand(rng) % 2 ? t->hot : (size_t)(sc_rand(rng) % t->span);
		block(t, p, 64, &lo, &hi);
		break;
	case SC_ST_ANY:
		lo = (size_t)(sc_rand(rng) % t->span), hi = lo + 1;
		break;
	default:
		lo = t->hot, hi = lo + 1;
		break;
	}
	f->at = t->src_rw + lo;
	f->n = hi - lo;
	for (size_t i = 0; i < f->n; i++) {
		f->a[i] = t->src_rw[lo + i];
		f->b[i] = f->a[i] ? 0 : (unsigned char)'#';
	}
	f->word = f->n == 8 && !((uintptr_t)f->at & 7);
}

static inline void put(const struct flip *f, const unsigned char *img)
{
	if (f->n == 1) {
		*f->at = img[0];
	} else if (f->word) {
		uint64_t w;

		memcpy(&w, img, 8);
		*(volatile uint64_t *)(void *)f->at = w;
	} else {
		for (size_t i = 0; i < f->n; i++)
			f->at[i] = img[i];
	}
}

/* Spin for n rounds or until the call is over; 0 once it is. */
static int hold(struct sc_race_sync *s, unsigned long busy, uint64_t n)
{
	while (n--)
		if (s->state != busy)
			return 0;
	return s->state == busy;
}

/* A random hold: mostly short, sometimes thousands of rounds. */
static uint64_t some(uint64_t *rng)
{
	uint64_t r = sc_rand(rng);

	return (r >> 8) & ((1ull << (r % 14)) - 1);
}

static void mutate(struct sc_race_sync *s, unsigned long busy, const struct sc_race_target *t)
{
	uint64_t rng = t->rng;
	struct flip f;
	int flat;

	if (!t->src_rw || !t->span)
		return;
	aim(t, &rng, &f);
	flat = t->strategy == SC_ST_NUL_FAST || t->strategy == SC_ST_BELOW ||
	       t->strategy == SC_ST_SWEEP ||
	       ((t->strategy == SC_ST_WORD || t->strategy == SC_ST_HEAD) && sc_rand(&rng) % 4);
	if (flat) {
		/* Flat out: every store changes the bytes; the store buffer
		 * and the cache line's trips between the cores set the pace. */
		while (s->state == busy) {
			put(&f, f.b);
			__asm__ volatile("" ::: "memory");
			put(&f, f.a);
			__asm__ volatile("" ::: "memory");
			s->acts++;
		}
		return;
	}
	/* Bursts: a random start (the line strategy lands its flip at a random
	 * moment of the call), then each image held a random while. */
	if (!hold(s, busy, t->strategy == SC_ST_LINE ? (sc_rand(&rng) % 4096) : some(&rng)))
		return;
	for (;;) {
		put(&f, f.b);
		s->acts++;
		if (!hold(s, busy, some(&rng)))
			return;
		put(&f, f.a);
		if (!hold(s, busy, some(&rng)))
			return;
	}
}

void *sc_race_mutator(void *arg)
{
	return sc_race_serve(arg, mutate);
}
